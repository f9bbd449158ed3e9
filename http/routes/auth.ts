import * as schemas from '../../schemas/auth.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

export function authRoutes(_deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/v1/auth/verify',
      tag: 'auth',
      summary: 'Report whether the key is valid, its id, workspace, scopes and rate-limit state',
      responses: { 200: schemas.verifyResponse },
      handler(ctx) {
        const auth = authOf(ctx);
        const limit = ctx.state.rateLimit;
        ctx.body = {
          valid: true,
          key_id: auth.keyId,
          workspace_id: auth.workspace.id,
          permissions: auth.permissions,
          rate_limit: {
            limit: limit?.limit ?? auth.workspace.requests_per_minute,
            remaining: limit?.remaining ?? auth.workspace.requests_per_minute,
            reset: limit?.resetUnix ?? 0,
          },
        };
      },
    },
  ];
}
