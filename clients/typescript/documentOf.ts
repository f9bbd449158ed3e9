import fs from 'node:fs';
import type { HttpDeps } from '../../http/deps.js';
import { builtInPlugins } from '../../plugins/index.js';
import type { Plugin, PluginHost } from '../../plugins/contract.js';
import { allRoutes } from '../../http/routes/index.js';
import type { RouteSpec } from '../../http/route.js';
import { routeScopes, scopeKey } from '../../http/scopes.js';
import { buildOpenApi, type DocumentedRoute } from '../../schemas/openapi.js';
import type { JsonSchema } from '../../schemas/types.js';

/**
 * Stands in for the runtime when only the route declarations are wanted: route modules may keep
 * references to their dependencies when declared, but any use (a call, a read of a value) throws,
 * so building the document can never touch a database, a model or a socket.
 */
function declarationsOnly<T>(path: string): T {
  const refuse = () => {
    throw new Error(`${path} was used while only declaring routes (no runtime here)`);
  };
  return new Proxy(refuse, {
    get: (_target, property) => (typeof property === 'symbol' ? undefined : declarationsOnly(`${path}.${property}`)),
    apply: refuse,
    construct: refuse,
  }) as unknown as T;
}

/** The built-in plugins as a runtime attaches them, each to a host that refuses any use: their routes. */
function declaredPlugins(): Plugin[] {
  return builtInPlugins().map((plugin) => (plugin.attach ? plugin.attach(declarationsOnly<PluginHost>(`host of ${plugin.manifest.id}`)) : plugin));
}

/** Every route the service declares (http/routes and the built-in plugins'), with no runtime behind them. */
export function declaredRoutes(document: () => JsonSchema = () => ({})): RouteSpec[] {
  return allRoutes(declarationsOnly<HttpDeps>('deps'), document, declaredPlugins());
}

/**
 * The service's OpenAPI document exactly as GET /v1/openapi.json serves it, built from the route
 * declarations of http/routes, the built-in plugins' routes and the JSON Schemas alone: no runtime, database or
 * server is started (`npm run docs:openapi` and `npm run client:generate` use it).
 */
export function serviceDocument(): JsonSchema {
  // The service reports the package's version (a test compares this document with the served one).
  const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  let document: JsonSchema | undefined;
  const routes = declaredRoutes(() => document!);
  const documented: DocumentedRoute[] = routes.map((route) => {
    const scope = route.scope ?? routeScopes[scopeKey(route.method, route.path)];
    if (!scope) throw new Error(`route ${scopeKey(route.method, route.path)} has no entry in http/scopes.ts`);
    return { ...route, scope: scope === 'public' ? null : scope };
  });
  document = buildOpenApi(documented, { version });
  return JSON.parse(JSON.stringify(document)) as JsonSchema;
}
