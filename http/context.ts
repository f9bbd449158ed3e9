import type { ParameterizedContext } from 'koa';
import type { AuthenticatedKey } from '../runtime/auth/keyService.js';
import type { RateLimitDecision } from '../runtime/rateLimiter.js';

/** Per-request state the middleware fills in, in order. */
export interface AppState {
  requestId: string;
  /** Set when the request carried a valid key. */
  auth?: AuthenticatedKey;
  /** Why the request has no valid key (details.reason of the 401). */
  authFailure?: string;
  rateLimit?: RateLimitDecision;
  /** The parsed and validated JSON body. */
  body?: unknown;
  /** The validated (and type-coerced) query. */
  query?: Record<string, unknown>;
  /** The matched route's template (`/v1/outcomes/:outcome_id`), set when its handler is reached. */
  route?: string;
}

export type AppContext = ParameterizedContext<AppState> & { params: Record<string, string> };

/** A request's context before routing (what the request pipeline's steps see). */
export type RequestContext = ParameterizedContext<AppState>;

/** The authenticated key of a request that passed the scope check. */
export function authOf(ctx: AppContext): AuthenticatedKey {
  if (!ctx.state.auth) throw new Error('route reached without authentication');
  return ctx.state.auth;
}
