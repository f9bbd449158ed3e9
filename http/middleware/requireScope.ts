import type { Middleware } from 'koa';
import type { Scope } from '../../runtime/auth/scopes.js';
import { unauthorizedError } from '../bearer.js';
import type { AppState } from '../context.js';
import { checkScope } from '../scopes.js';

/** Route-level: 403 with the required and provided permissions when the key lacks the scope. */
export function requireScope(scope: Scope | 'any'): Middleware<AppState> {
  // Not async: a plain function returning next() spares the request path one promise per layer.
  return (ctx, next) => {
    const auth = ctx.state.auth;
    if (!auth) throw unauthorizedError(ctx.state.authFailure);
    checkScope(auth, scope);
    return next();
  };
}
