import Router from '@koa/router';
import Koa from 'koa';
import { ServiceError } from '../runtime/errors.js';
import { buildOpenApi } from '../schemas/openapi.js';
import type { JsonSchema } from '../schemas/types.js';
import type { AppContext, AppState } from './context.js';
import type { HttpDeps } from './deps.js';
import { accessLog } from './middleware/accessLog.js';
import { authenticate } from './middleware/authenticate.js';
import { errorHandler } from './middleware/errorHandler.js';
import { idempotency } from './middleware/idempotency.js';
import { requestMetrics } from './middleware/metrics.js';
import { parseBody } from './middleware/parseBody.js';
import { rateLimit } from './middleware/rateLimit.js';
import { requestId } from './middleware/requestId.js';
import { requireKey } from './middleware/requireKey.js';
import { requireScope } from './middleware/requireScope.js';
import type { RouteSpec } from './route.js';
import { allRoutes } from './routes/index.js';
import { createMcpEndpoint } from './routes/mcpServer.js';
import { routeScopes, scopeKey } from './scopes.js';
import { createValidators } from './validation.js';

export const bodyLimitBytes = 1024 * 1024;
const anonymousRequestsPerMinute = 60;
const probePaths = new Set(['/healthz', '/readyz']);

/** HTTP/1.1 requires Host (RFC 9112 section 3.2): a request without one is a 400 in the error shape. */
const requireHost: Koa.Middleware<AppState> = async (ctx, next) => {
  if (!ctx.get('Host') && ctx.req.httpVersion !== '1.0') {
    throw new ServiceError(400, 'invalid_request', 'The request has no Host header; HTTP/1.1 requires one.', { field: 'Host', reason: 'required' });
  }
  await next();
};

/** Wires one route: scope from the table (or a loud failure), validation at the boundary, handler. */
function mount(router: Router<AppState>, route: RouteSpec, validators: ReturnType<typeof createValidators>): string | null {
  const key = scopeKey(route.method, route.path);
  const scope = routeScopes[key];
  if (!scope) throw new Error(`route ${key} has no entry in http/scopes.ts`);
  const checkParams = route.params ? validators.params(route.params) : undefined;
  // Every route checks its query, declared or not: an undeclared parameter is a 400 naming it.
  const checkQuery = validators.query(route.query ?? { type: 'object', properties: {} });
  const checkBody = route.body ? validators.body(route.body) : undefined;
  const middleware = [
    ...(scope === 'public' ? [] : [requireScope(scope)]),
    async (ctx: AppContext) => {
      checkParams?.(ctx.params);
      if (route.query || ctx.querystring !== '') ctx.state.query = checkQuery(ctx.query as Record<string, unknown>);
      if (checkBody) {
        if (ctx.state.body === undefined) throw new ServiceError(400, 'invalid_request', 'This request needs a JSON body.', { field: 'body', reason: 'required' });
        checkBody(ctx.state.body);
      } else if (ctx.state.body !== undefined && route.method !== 'get' && !(typeof ctx.state.body === 'object' && ctx.state.body !== null && Object.keys(ctx.state.body).length === 0)) {
        throw new ServiceError(400, 'invalid_request', 'This request takes no body.', { field: 'body', reason: 'unexpected' });
      }
      await route.handler(ctx);
    },
  ];
  (router[route.method] as (path: string, ...mw: unknown[]) => unknown)(route.path, ...middleware);
  return scope === 'public' ? null : scope;
}

/** Builds the Koa application: middleware in order, then one router holding every route. */
export function createHttpApp(deps: HttpDeps, extraRoutes: RouteSpec[] = []) {
  const app = new Koa<AppState>({ proxy: false });
  const router = new Router<AppState>();
  const validators = createValidators();
  let document: JsonSchema | undefined;
  const routes = [...allRoutes(deps, () => document!), ...extraRoutes];
  const publicPaths = new Set(routes.filter((r) => routeScopes[scopeKey(r.method, r.path)] === 'public').map((r) => r.path));
  const documented = routes.map((route) => {
    const scope = mount(router, route, validators);
    return { ...route, scope };
  });
  document = buildOpenApi(documented, { version: deps.version });

  // Errors Koa sees outside our handler (a client hanging up mid-response): log, never print to stderr.
  app.on('error', (error: Error) => deps.logger.warn({ err: error }, 'connection error'));
  app.use(requestId(deps.ids));
  app.use(accessLog(deps.logger));
  if (deps.metrics) app.use(requestMetrics(deps.metrics));
  app.use(errorHandler(deps.logger, bodyLimitBytes));
  app.use(requireHost);
  app.use(authenticate(deps.keys));
  app.use(rateLimit(deps.rateLimiter, anonymousRequestsPerMinute, probePaths));
  app.use(requireKey(publicPaths));
  app.use(parseBody(bodyLimitBytes));
  app.use(idempotency(deps.idempotency, { crashAfterCreate: process.env.CREWD_TEST_CRASH_AFTER_CREATE === '1' }));
  // crewd as an MCP server at /mcp (DESIGN section 10): after the key check and rate limit, before the routes.
  const mcp = createMcpEndpoint(deps);
  app.use(mcp.middleware);
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
