import Router from '@koa/router';
import Koa from 'koa';
import { ServiceError } from '../runtime/errors.js';
import { unauthorizedError } from './bearer.js';
import { buildOpenApi } from '../schemas/openapi.js';
import type { JsonSchema } from '../schemas/types.js';
import type { AppContext, AppState } from './context.js';
import type { HttpDeps } from './deps.js';
import { findInputViolation, inputViolationError } from './inputRules.js';
import { idempotency } from './middleware/idempotency.js';
import { requestPipeline } from './middleware/requestPipeline.js';
import type { RouteSpec } from './route.js';
import { allRoutes } from './routes/index.js';
import { staticRoutes } from './staticRoutes.js';
import { createMcpOAuthServer } from './mcpOAuth/server.js';
import { createA2aEndpoint } from './a2a/a2aEndpoint.js';
import { rpcBodyErrors } from './a2a/rpcBodyErrors.js';
import { createMcpEndpoint, mcpPath } from './routes/mcpServer.js';
import { checkScope, routeScopes, scopeKey } from './scopes.js';
import { createValidators, type Validators } from './validation.js';

export const bodyLimitBytes = 1024 * 1024;
const anonymousRequestsPerMinute = 60;
const probePaths = new Set(['/healthz', '/readyz']);

/**
 * Every route's path parameters, declared or not, meet the input rules of bodies and queries (a
 * NUL, a lone surrogate) and hold no other control character either: a 400 naming the parameter,
 * on every backend alike (Postgres refuses NUL in text: it was a 500 there, issue 25).
 */
function checkPathParameters(params: Record<string, string> | undefined): void {
  if (!params) return;
  const violation = findInputViolation(params);
  if (violation) throw inputViolationError(violation, 'path');
  for (const [name, value] of Object.entries(params)) {
    // eslint-disable-next-line no-control-regex
    if (/[\u0001-\u001f\u007f]/.test(value)) {
      throw new ServiceError(400, 'invalid_request', `Path parameter '${name}' holds a control character.`, { field: name, reason: 'control_character' });
    }
  }
}

/** Wires one route: scope from the table (or a loud failure), validation at the boundary, handler. */
function mount(router: Router<AppState>, route: RouteSpec, validators: Validators): { scope: string | null; run: (ctx: AppContext) => unknown } {
  const key = scopeKey(route.method, route.path);
  if (route.scope && routeScopes[key]) throw new Error(`plugin route ${key} takes a path of the service's own routes`);
  const scope = route.scope ?? routeScopes[key];
  if (!scope) throw new Error(`route ${key} has no entry in http/scopes.ts`);
  const checkParams = route.params ? validators.params(route.params) : undefined;
  // Every route checks its query, declared or not: an undeclared parameter is a 400 naming it.
  const checkQuery = validators.query(route.query ?? { type: 'object', properties: {} });
  const checkBody = route.body ? validators.body(route.body) : undefined;
  // One router layer per route: the scope check, validation at the boundary, then the handler.
  const run = (ctx: AppContext): unknown => {
    // The template, not the path: metrics label requests with it, so ids never become labels.
    ctx.state.route = route.path;
    if (scope !== 'public') {
      const auth = ctx.state.auth;
      if (!auth) throw unauthorizedError(ctx.state.authFailure);
      checkScope(auth, scope);
    }
    checkPathParameters(ctx.params);
    checkParams?.(ctx.params);
    if (route.query || ctx.querystring !== '') ctx.state.query = checkQuery(ctx.query as Record<string, unknown>);
    if (checkBody) {
      if (ctx.state.body === undefined) throw new ServiceError(400, 'invalid_request', 'This request needs a JSON body.', { field: 'body', reason: 'required' });
      checkBody(ctx.state.body);
    } else if (ctx.state.body !== undefined && route.method !== 'get' && !(typeof ctx.state.body === 'object' && ctx.state.body !== null && Object.keys(ctx.state.body).length === 0)) {
      throw new ServiceError(400, 'invalid_request', 'This request takes no body.', { field: 'body', reason: 'unexpected' });
    }
    return route.handler(ctx, ctx.state.body);
  };
  (router[route.method] as (path: string, ...mw: unknown[]) => unknown)(route.path, run);
  return { scope: scope === 'public' ? null : scope, run };
}

/** Builds the Koa application: middleware in order, then one router holding every route. */
/** What createHttpApp hands the composition root. */
export interface HttpApp {
  app: Koa<AppState>;
  router: Router<AppState>;
  /** Every route mounted, the OpenAPI document's source. */
  routes: RouteSpec[];
  /** The OpenAPI document built from `routes`. */
  document: JsonSchema;
  /** The MCP endpoint (and the A2A and MCP OAuth parts beside it): its middleware and its close. */
  mcp: { middleware: Koa.Middleware<AppState>; close(): Promise<undefined> };
}

export function createHttpApp(deps: HttpDeps, extraRoutes: RouteSpec[] = []): HttpApp {
  const app = new Koa<AppState>({ proxy: false });
  const router = new Router<AppState>();
  const validators = createValidators();
  let document: JsonSchema | undefined;
  const routes = [...allRoutes(deps, () => document!), ...extraRoutes];
  // A public route with a parameter (the signed approval links, the A2A cards) is public by its pattern (`/v1/approval-links/*`).
  const publicPaths = new Set(routes.filter((r) => routeScopes[scopeKey(r.method, r.path)] === 'public').map((r) => r.path.replace(/:[A-Za-z0-9_]+/g, '*')));
  const mounted = routes.map((route) => ({ route, ...mount(router, route, validators) }));
  const documented = mounted.map(({ route, scope }) => ({ ...route, scope }));
  document = buildOpenApi(documented, { version: deps.version });

  // Errors Koa sees outside our handler (a client hanging up mid-response): log, never print to stderr.
  app.on('error', (error: Error) => deps.logger.warn({ err: error }, 'connection error'));
  // /mcp's OAuth authorization server and metadata (form and JSON bodies its own): before the pipeline.
  const oauth = createMcpOAuthServer(deps);
  app.use(oauth.middleware);
  app.use(rpcBodyErrors);
  app.use(
    requestPipeline({
      ids: deps.ids,
      logger: deps.logger,
      metrics: deps.metrics,
      keys: deps.keys,
      rateLimiter: deps.rateLimiter,
      anonymousLimit: anonymousRequestsPerMinute,
      probes: probePaths,
      publicPaths,
      bodyLimit: bodyLimitBytes,
      tokens: oauth,
      challenge: (ctx) => (ctx.path === mcpPath ? oauth.challenge(ctx.host, ctx.state.authFailure === 'access_token_invalid') : undefined),
    }),
  );
  app.use(staticRoutes(router, mounted));
  app.use(idempotency(deps.idempotency, { crashAfterCreate: Number(process.env.CREWD_TEST_CRASH_AFTER_CREATE) || 0, stopBeforeCommit: process.env.CREWD_TEST_STOP_BEFORE_COMMIT === '1', stopInCommit: process.env.CREWD_TEST_STOP_IN_COMMIT === '1' }));
  // crewd as an MCP server at /mcp (DESIGN section 10): after the key check and rate limit, before the routes.
  const endpoint = createMcpEndpoint(deps);
  // Crews as A2A agents (issue 31, docs/a2a.md): POST /a2a and /a2a/{crew}, JSON-RPC; its streams end with MCP's at shutdown.
  const a2a = createA2aEndpoint(deps);
  const mcp = { middleware: endpoint.middleware, close: () => Promise.all([endpoint.close(), oauth.close(), a2a.close()]).then(() => undefined) };
  app.use(mcp.middleware);
  app.use(a2a.middleware);
  app.use(router.routes());
  app.use(async (ctx, next) => {
    await next();
    // A known path with the wrong method: 405 with Allow, in the spec's error shape.
    if (ctx.status !== 404 || ctx.body !== undefined) return;
    const allowed = router.match(ctx.path, ctx.method);
    if (allowed.path.length > 0 && !allowed.route) {
      const methods = [...new Set(allowed.path.flatMap((layer) => layer.methods))].join(', ');
      ctx.set('Allow', methods);
      throw new ServiceError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}; use ${methods}.`, { allowed: methods.split(', ') });
    }
  });

  return { app, router, routes, document, mcp };
}
