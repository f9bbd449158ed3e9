import type { Middleware } from 'koa';
import type { KeyService } from '../../runtime/auth/keyService.js';
import type { AppState } from '../context.js';

/**
 * Reads `Authorization: Bearer <API_KEY>` and records either the key or why there is none. It does
 * not refuse: the rate limiter must count the request first, and public routes need no key.
 */
export function authenticate(keys: KeyService): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (!header) {
      ctx.state.authFailure = 'missing_authorization_header';
    } else {
      const match = /^Bearer\s+(\S+)\s*$/.exec(header);
      if (!match?.[1]) {
        ctx.state.authFailure = 'invalid_authorization_header';
      } else {
        const result = await keys.verify(match[1]);
        if (result.ok) ctx.state.auth = result.key;
        else ctx.state.authFailure = result.reason;
      }
    }
    await next();
  };
}
