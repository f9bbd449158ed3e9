import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.js';
import type { RouteSpec } from './route.js';

type Run = (ctx: AppContext) => unknown;

/**
 * The answer for a route without path parameters (`GET /v1/crews`), found by one Map lookup on the
 * exact method and path instead of @koa/router testing every route's pattern and composing the
 * matched layers per request. Mounted right after the request pipeline; it runs the same mounted
 * function the router would.
 *
 * Public surfaces only (issue 28): which paths it may take is decided once, at start, with the
 * router's public `match`; per request it sets `ctx.params` (the router's documented context
 * field, empty for such a path) and nothing else of the router's. The route template that metrics
 * label requests with is recorded by the mounted function itself (`ctx.state.route`, http/app.ts),
 * so both ways to a route leave the same trace. Only exact GET paths whose only matching layer is
 * that route are taken: anything else (a trailing slash, another case, HEAD, a path a
 * parameterised route also matches) goes to the router as before.
 */
export function staticRoutes(router: Router<AppState>, mounted: Array<{ route: RouteSpec; run: Run }>): Middleware<AppState> {
  // method -> path: a lookup builds no key string.
  const exact = new Map<string, Map<string, Run>>();
  for (const { route, run } of mounted) {
    // GET only: mounted before the idempotency (POST) and MCP (/mcp) layers, which GETs of these
    // paths pass straight through, so they are skipped without a change in what happens.
    if (route.method !== 'get' || route.path.includes(':') || route.path.includes('*') || route.path.includes('(')) continue;
    const method = route.method.toUpperCase();
    const match = router.match(route.path, method);
    if (match.pathAndMethod.length !== 1 || match.pathAndMethod[0]!.path !== route.path) continue;
    let byPath = exact.get(method);
    if (!byPath) exact.set(method, (byPath = new Map()));
    byPath.set(route.path, run);
  }
  return (ctx, next) => {
    const run = exact.get(ctx.method)?.get(ctx.path);
    if (!run) return next();
    return run(Object.assign(ctx, { params: {} })) as Promise<void>;
  };
}
