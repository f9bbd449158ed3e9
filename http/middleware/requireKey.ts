import type { Middleware } from 'koa';
import { errors } from '../../runtime/errors.js';
import type { AppState } from '../context.js';

const messages: Record<string, string> = {
  missing_authorization_header: 'Missing Authorization header: send Authorization: Bearer <API_KEY>.',
  invalid_authorization_header: 'The Authorization header must be "Bearer <API_KEY>".',
  api_key_invalid: 'The API key is not valid.',
  api_key_expired: 'The API key has expired.',
  api_key_revoked: 'The API key has been revoked.',
};

/** Refuses with 401 every request without a valid key, except the public paths. */
export function requireKey(publicPaths: Set<string>): Middleware<AppState> {
  return async (ctx, next) => {
    if (!ctx.state.auth && !publicPaths.has(ctx.path)) {
      const reason = ctx.state.authFailure ?? 'api_key_invalid';
      throw errors.unauthorized(reason, messages[reason]);
    }
    await next();
  };
}
