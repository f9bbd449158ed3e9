import type { Middleware } from 'koa';
import type { KeyService } from '../../runtime/auth/keyService.js';
import { authenticateBearer } from '../bearer.js';
import type { AppState } from '../context.js';

/**
 * Reads `Authorization: Bearer <API_KEY>` and records either the key or why there is none. It does
 * not refuse: the rate limiter must count the request first, and public routes need no key.
 */
export function authenticate(keys: KeyService): Middleware<AppState> {
  return async (ctx, next) => {
    const result = await authenticateBearer(keys, ctx.get('Authorization') || undefined);
    if ('key' in result) ctx.state.auth = result.key;
    else ctx.state.authFailure = result.failure;
    await next();
  };
}
