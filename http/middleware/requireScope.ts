import type { Middleware } from 'koa';
import type { Scope } from '../../runtime/auth/scopes.js';
import { errors } from '../../runtime/errors.js';
import type { AppState } from '../context.js';

/** Route-level: 403 with the required and provided permissions when the key lacks the scope. */
export function requireScope(scope: Scope | 'any'): Middleware<AppState> {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    if (!auth) throw errors.unauthorized(ctx.state.authFailure ?? 'api_key_invalid');
    if (scope !== 'any' && !auth.permissions.includes(scope)) throw errors.forbidden(scope, auth.permissions);
    await next();
  };
}
