import { outcomeView } from '../../http/views/outcome.js';
import type { ApprovalLinks } from '../../runtime/approvals/approvalLinks.js';
import { withApprovalLinks } from '../../runtime/approvals/webhookLinks.js';
import type { Tracing } from '../../runtime/telemetry/createTracing.js';
import { tracedWebhooks } from './buildTracing.js';
import { createEventsOut, type EventsOut, type EventsOutDeps, type EventsOutOptions } from './eventsOut.js';

/**
 * Webhooks, their dispatcher (retries on the durable timers) and the outcome stream, as this
 * runtime wires them: the stream opens with the outcome as GET /v1/outcomes/{id} shows it, webhook
 * payloads carry the signed approval links (issue 27), and with tracing on each attempt is a span
 * in its outcome's trace (read from the live actor, `live`, else its stored row).
 */
export function buildEventsOut(
  parts: Omit<EventsOutDeps, 'snapshot' | 'webhookEventData' | 'decorateSender'> & { links: ApprovalLinks; tracing: Tracing; live: (outcomeId: string) => string | null | undefined },
  options: EventsOutOptions | undefined,
): EventsOut {
  const { links, tracing, live, ...deps } = parts;
  const { repos } = deps;
  const decorateSender = tracedWebhooks(tracing, live, repos.actors);
  return createEventsOut(
    {
      ...deps,
      webhookEventData: withApprovalLinks(links),
      ...(decorateSender ? { decorateSender } : {}),
      async snapshot(workspaceId, outcomeId) {
        const row = await repos.outcomes.get(workspaceId, outcomeId);
        return row ? { status: row.status, view: outcomeView(row) } : undefined;
      },
    },
    options,
  );
}
