import * as schemas from '../../schemas/adminPage.js';
import { buildAdminPage } from '../admin/bundle.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { outcomeView } from '../views/outcome.js';
import { webhookDeliveryView } from '../views/webhook.js';

const recentOutcomes = 25;
const recentAttempts = 25;
const eventBatch = 500;
/** A workspace has at most 100 webhooks (409 webhook_limit_reached past that). */
const maxWebhooks = 100;

/**
 * The operator page (GET /admin, public HTML: the admin:read key is entered in the page and sent
 * as a Bearer header) and the two admin:read reads it polls. Browsers cannot put an Authorization
 * header on a WebSocket, so the page follows the stored event log through GET /v1/admin/events.
 */
/** The first words of a brief, at most 12 words or 80 characters, for one table cell. */
function briefStart(brief: string): string {
  const words = brief.trim().split(/\s+/);
  const start = words.slice(0, 12).join(' ');
  const cut = start.length > 80 ? `${start.slice(0, 79)}…` : start;
  return cut.length < brief.trim().length ? (cut.endsWith('…') ? cut : `${cut}…`) : cut;
}

function scoreOf(quality: Record<string, unknown> | null): number | null {
  return typeof quality?.overall_score === 'number' ? quality.overall_score : null;
}

export function adminPageRoutes(deps: HttpDeps): RouteSpec[] {
  let page: Promise<string> | undefined;
  return [
    {
      method: 'get',
      path: '/admin',
      tag: 'admin',
      summary: 'The operator page: live actors, outcome progress, webhook attempts and tool connections',
      responses: { 200: schemas.adminPageHtml },
      async handler(ctx) {
        page ??= buildAdminPage().catch((error: unknown) => {
          page = undefined;
          throw error;
        });
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await page;
      },
    },
    {
      method: 'get',
      path: '/favicon.ico',
      tag: 'admin',
      summary: 'No icon: 204, so a browser opening the operator page gets no 401 or 404 for it',
      responses: { 204: null },
      handler(ctx) {
        ctx.status = 204;
        ctx.set('Cache-Control', 'public, max-age=86400');
      },
    },
    {
      method: 'get',
      path: '/v1/admin/overview',
      tag: 'admin',
      summary: "The operator page's snapshot: live actors by machine and state, recent outcomes with progress, recent webhook attempts",
      responses: { 200: schemas.adminOverview },
      async handler(ctx) {
        const workspaceId = authOf(ctx).workspace.id;
        const list = deps.engine.actors(workspaceId);
        const groups = new Map<string, { machine: string; state: string; count: number }>();
        for (const actor of list) {
          const key = `${actor.machine}\n${actor.state}`;
          groups.set(key, { machine: actor.machine, state: actor.state, count: (groups.get(key)?.count ?? 0) + 1 });
        }
        const outcomes = await deps.repos.outcomes.list(workspaceId, { limit: recentOutcomes });
        const attempts = [];
        for (const { row } of await deps.webhooks.list(workspaceId, { limit: maxWebhooks })) {
          for (const delivery of await deps.webhooks.attempts(workspaceId, row.id, recentAttempts)) {
            attempts.push({ webhook_id: row.id, url: row.url, ...webhookDeliveryView(delivery) });
          }
        }
        attempts.sort((a, b) => String(b.delivered_at ?? '\uffff').localeCompare(String(a.delivered_at ?? '\uffff')));
        ctx.body = {
          actors: { count: list.length, by_machine_state: [...groups.values()].sort((a, b) => a.machine.localeCompare(b.machine) || a.state.localeCompare(b.state)), list },
          // The page's outcome rows also show the brief's first words and the quality score (issue 21).
          outcomes: await Promise.all(
            outcomes.map(async (row) => ({ ...outcomeView(row), brief_start: briefStart((await deps.repos.outcomes.getInput(row.id))?.brief ?? ''), overall_score: scoreOf(row.quality_metrics) })),
          ),
          webhook_attempts: attempts.slice(0, recentAttempts),
          position: await deps.repos.events.maxPositionOf(workspaceId),
        };
      },
    },
    {
      method: 'get',
      path: '/v1/admin/events',
      tag: 'admin',
      summary: "This workspace's stored events after a position, oldest first (the operator page's live feed)",
      query: schemas.adminEventsQuery,
      responses: { 200: schemas.adminEvents },
      async handler(ctx) {
        const workspaceId = authOf(ctx).workspace.id;
        const after = ctx.state.query?.after as number | undefined;
        if (after === undefined) {
          ctx.body = { events: [], next_after: await deps.repos.events.maxPositionOf(workspaceId), has_more: false };
          return;
        }
        // Only this workspace's events, and positions of its own: a global position would show other workspaces' activity.
        const batch = await deps.repos.events.listAfterPositionOf(workspaceId, after, eventBatch);
        ctx.body = {
          events: batch
            .map((event) => ({ position: event.position, outcome_id: event.outcome_id, sequence: event.sequence, event: event.kind, timestamp: event.timestamp, data: event.data })),
          next_after: batch.at(-1)?.position ?? after,
          has_more: batch.length === eventBatch,
        };
      },
    },
  ];
}
