import type http from 'node:http';
import type { KeyService } from '../../runtime/auth/keyService.js';
import { ServiceError, errors } from '../../runtime/errors.js';
import type { RateLimiter } from '../../runtime/rateLimiter.js';
import { authenticateBearer, unauthorizedError } from '../bearer.js';
import { checkScope, routeScopes } from '../scopes.js';
import type { OutcomeSnapshotSource } from './catchUp.js';

const streamPath = /^\/v1\/outcomes\/([A-Za-z0-9_-]{1,64})\/stream$/;
const streamScope = routeScopes['GET /v1/outcomes/:outcome_id/stream'] as Exclude<(typeof routeScopes)[string], 'public'>;

export interface StreamTarget {
  workspaceId: string;
  outcomeId: string;
  after: number;
}

/**
 * Every check of an upgrade request, before the handshake, in the order HTTP routes make them:
 * path (404), method (405), bearer key (401, the same messages as http/bearer.ts), rate limit (429,
 * with the X-RateLimit-* headers written into `headers`), scope (403), query (400), and the outcome
 * in the key's workspace (404). Throws the ServiceError to answer with.
 */
export function createUpgradeAuthorization(deps: { keys: KeyService; rateLimiter?: RateLimiter; snapshot: OutcomeSnapshotSource }) {
  return async function authorize(req: http.IncomingMessage, headers: Record<string, string>): Promise<StreamTarget> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = streamPath.exec(url.pathname);
    if (!match) throw errors.notFound(`Route GET ${url.pathname}`, { method: 'GET', path: url.pathname });
    if (req.method !== 'GET') throw new ServiceError(405, 'method_not_allowed', `${req.method} is not allowed on ${url.pathname}; use GET.`, { allowed: ['GET'] }, { Allow: 'GET' });
    const outcomeId = match[1]!;
    const authenticated = await authenticateBearer(deps.keys, req.headers.authorization);
    if ('failure' in authenticated) throw unauthorizedError(authenticated.failure);
    const { key } = authenticated;
    if (deps.rateLimiter) {
      const decision = await deps.rateLimiter.consume(`ws:${key.workspace.id}`, key.workspace.requests_per_minute);
      headers['X-RateLimit-Limit'] = String(decision.limit);
      headers['X-RateLimit-Remaining'] = String(decision.remaining);
      headers['X-RateLimit-Reset'] = String(decision.resetUnix);
      if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds, decision.limit);
    }
    checkScope(key, streamScope);
    for (const name of url.searchParams.keys()) {
      if (name !== 'after') throw errors.invalidRequest(`Unknown query parameter '${name}' in the request query.`, { field: name, reason: 'unknown_field' });
    }
    const rawAfter = url.searchParams.get('after');
    if (rawAfter !== null && !/^\d{1,15}$/.test(rawAfter)) {
      throw errors.invalidRequest("Query parameter 'after' must be a sequence number (a whole number >= 0).", { field: 'after', reason: 'type' });
    }
    const exists = await deps.snapshot(key.workspace.id, outcomeId);
    if (!exists) throw errors.notFound(`Outcome ${outcomeId}`, { outcome_id: outcomeId });
    return { workspaceId: key.workspace.id, outcomeId, after: rawAfter === null ? 0 : Number(rawAfter) };
  };
}
