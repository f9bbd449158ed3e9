import { ServiceError, errors } from '../../runtime/errors.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/**
 * The stream endpoint's entry in the router and the OpenAPI document. The WebSocket itself is
 * served by http/stream on the server's 'upgrade' event; a plain GET (no Upgrade header) that
 * passes the same checks is answered 426 so the client learns to upgrade.
 */
export function outcomeStreamRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/v1/outcomes/:outcome_id/stream',
      tag: 'outcomes',
      summary:
        'Real-time progress over a WebSocket: outcome.snapshot first, then stored events after ?after=<sequence>, then live ones; closes with 1000 after outcome.completed or outcome.failed',
      params: { outcome_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
      query: { type: 'object', properties: { after: { type: 'integer', minimum: 0 } } },
      responses: { 101: null },
      async handler(ctx) {
        const outcome = await deps.repos.outcomes.get(authOf(ctx).workspace.id, ctx.params.outcome_id!);
        if (!outcome) throw errors.notFound(`Outcome ${ctx.params.outcome_id}`, { outcome_id: ctx.params.outcome_id });
        throw new ServiceError(426, 'upgrade_required', 'This endpoint is a WebSocket: connect with Upgrade: websocket.', {}, { Upgrade: 'websocket' });
      },
    },
  ];
}
