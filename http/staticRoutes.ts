import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from './context.js';
import type { RouteSpec } from './route.js';

/**
 * The router's answer for a route without path parameters (`GET /v1/crews`), found by one Map
 * lookup on the exact method and path instead of @koa/router testing every route's pattern and
 * composing the matched layers per request. Mounted right after the request pipeline; it leaves the
 * context as the router would (`params`, `captures`, `routerPath`, `_matchedRoute`, `matched`,
 * `routeMatched`, `router`) and runs the same mounted function. Only exact GET paths whose only
 * matching layer is that route are taken: anything else (a trailing slash, another case, HEAD, a
 * path a parameterised route also matches) goes to the router as before.
 */
export function staticRoutes(router: Router<AppState>, mounted: Array<{ route: RouteSpec; run: (ctx: AppContext) => unknown }>): Middleware<AppState> {
  // method -> path: a lookup builds no key string.
  const exact = new Map<string, Map<string, { path: string; run: (ctx: AppContext) => unknown; matched: unknown[] }>>();
  for (const { route, run } of mounted) {
    // GET only: mounted before the idempotency (POST) and MCP (/mcp) layers, which GETs of these
    // paths pass straight through, so they are skipped without a change in what happens.
    if (route.method !== 'get' || route.path.includes(':') || route.path.includes('*') || route.path.includes('(')) continue;
    const method = route.method.toUpperCase();
    const match = router.match(route.path, method);
    if (match.pathAndMethod.length !== 1 || match.pathAndMethod[0]!.path !== route.path) continue;
    let byPath = exact.get(method);
    if (!byPath) exact.set(method, (byPath = new Map()));
    byPath.set(route.path, { path: route.path, run, matched: match.path });
  }
  return (ctx, next) => {
    const found = exact.get(ctx.method)?.get(ctx.path);
    if (!found) return next();
    const routed = ctx as unknown as AppContext & Record<string, unknown>;
    routed.matched = [...found.matched];
    routed.router = router;
    routed.routeMatched = true;
    routed.captures = [];
    const params: Record<string, string> = { ...routed.params };
    (routed.request as unknown as { params: Record<string, string> }).params = params;
    routed.params = params;
    routed.routerPath = found.path;
    routed.routerName = undefined;
    routed._matchedRoute = found.path;
    return found.run(routed) as Promise<void>;
  };
}
