import { ServiceError, errors } from '../../runtime/errors.js';
import { outcomeIdParam } from '../../schemas/outcomes.js';
import { outcomeEventList, outcomeEventsQuery } from '../../schemas/outcomeEvents.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

const errorRef = { $ref: '#/components/schemas/Error' };

/** A `Last-Event-ID` header: the sequence of the last event the client got. */
function lastEventId(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw.trim())) {
    throw errors.invalidRequest("Header 'Last-Event-ID' must be a sequence number (a whole number >= 0).", { field: 'Last-Event-ID', reason: 'type' });
  }
  return Number(raw.trim());
}

/**
 * `GET /v1/outcomes/{id}/events`: with `Accept: text/event-stream` the outcome stream over
 * Server-Sent Events (served by the WebSocket stream's hubs: http/stream/outcomeStream.ts),
 * otherwise a page of the stored events as JSON.
 */
export function outcomeEventRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/v1/outcomes/:outcome_id/events',
      tag: 'outcomes',
      operationId: 'listOutcomeEvents',
      summary:
        "An outcome's events. With Accept: text/event-stream, Server-Sent Events: outcome.snapshot first, then the events after ?after= (or Last-Event-ID), each with id: <sequence>, then live ones; keep-alive comments; the response ends after outcome.completed or outcome.failed. Otherwise the stored events as JSON, oldest first, a page at a time (pass pagination.next_cursor as after).",
      params: { outcome_id: outcomeIdParam },
      query: outcomeEventsQuery,
      responses: { 200: outcomeEventList, 404: errorRef },
      async handler(ctx) {
        const workspaceId = authOf(ctx).workspace.id;
        const outcomeId = ctx.params.outcome_id!;
        const query = ctx.state.query as { after?: number; limit: number };
        const outcome = await deps.repos.outcomes.get(workspaceId, outcomeId);
        if (!outcome) throw errors.notFound(`Outcome ${outcomeId}`, { outcome_id: outcomeId });

        if ((ctx.get('accept') ?? '').includes('text/event-stream')) {
          // A reconnecting EventSource sends Last-Event-ID and keeps the URL's ?after: the header wins.
          const after = lastEventId(ctx.get('last-event-id') || undefined) ?? query.after ?? 0;
          if (!deps.openSse) throw new ServiceError(503, 'unavailable', 'Server-Sent Events are not served by this process.');
          // A refusal (shutting down) throws before the head is written: Koa still answers it.
          const streaming = deps.openSse(ctx.res, workspaceId, outcomeId, after);
          ctx.respond = false;
          await streaming;
          return;
        }

        const rows = await deps.repos.events.listForOutcome(outcomeId, query.after ?? 0);
        const page = rows.slice(0, query.limit);
        const hasMore = rows.length > page.length;
        ctx.body = {
          data: page.map((row) => ({ event: row.kind, timestamp: row.timestamp, sequence: row.sequence, data: row.data })),
          pagination: { next_cursor: hasMore ? String(page.at(-1)!.sequence) : null, has_more: hasMore },
        };
      },
    },
  ];
}
