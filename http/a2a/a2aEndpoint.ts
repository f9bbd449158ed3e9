import type { Middleware } from 'koa';
import { crewIds, type CrewId } from '../../crews/index.js';
import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import { errors } from '../../runtime/errors.js';
import { unauthorizedError } from '../bearer.js';
import type { AppState, RequestContext } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { checkScope } from '../scopes.js';
import { a2aRoot, agentOfPath } from './a2aPaths.js';
import { scopeOfRpc } from './a2aScopes.js';

type Answer = (ctx: RequestContext, crew: CrewId | undefined, key: AuthenticatedKey) => Promise<void>;

/**
 * crewd's A2A agents over JSON-RPC (docs/a2a.md): POST `/a2a` (every crew, `metadata.crew` names
 * one) and POST `/a2a/{crew}`. The request already passed the service's key check and rate limit;
 * here the key must be present (401), the crew known (404) and the key must hold the scope the
 * method needs (403, the same scope as the REST route doing the same thing). The SDK's transport
 * handlers then parse and answer JSON-RPC: A2A 1.0 with `A2A-Version: 1.0`, the 0.3 methods
 * (`message/send`, `tasks/get`...) without the header or with 0.3. Streams are SSE. The SDK loads
 * with the first A2A request (./a2aAnswer.ts), not at every start.
 */
export function createA2aEndpoint(deps: HttpDeps) {
  // Requests in flight (blocking sends, streams): shutdown ends them rather than wait for their outcomes.
  const live = new Set<AbortController>();
  let loaded: Promise<Answer> | undefined;
  const answer = async (ctx: RequestContext, crew: CrewId | undefined): Promise<void> => {
    // Metrics label the request with the template, never the crew id.
    ctx.state.route = crew ? '/a2a/:crew_id' : '/a2a';
    const key = ctx.state.auth;
    if (!key) throw unauthorizedError(ctx.state.authFailure);
    checkScope(key, scopeOfRpc(ctx.state.body));
    const load = (loaded ??= import('./a2aAnswer.js').then(({ createA2aAnswer }) => createA2aAnswer(deps, live)));
    // A failed load is not kept: the next request tries again.
    load.catch(() => {
      if (loaded === load) loaded = undefined;
    });
    return (await load)(ctx, crew, key);
  };

  const middleware: Middleware<AppState> = (ctx, next) => {
    const agent = ctx.method === 'POST' ? agentOfPath(ctx.path) : undefined;
    if (!agent) return next();
    if ('unknown' in agent) throw errors.notFound(`A2A agent ${agent.unknown}`, { crew_id: agent.unknown, agents: [a2aRoot, ...crewIds.map((id) => `${a2aRoot}/${id}`)] });
    return answer(ctx, agent.crew);
  };
  return {
    middleware,
    /** Ends every stream and blocking send in flight (before the HTTP server drains). */
    close(): void {
      for (const controller of live) controller.abort();
      live.clear();
    },
  };
}
