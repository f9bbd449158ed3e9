import { errors } from '../../runtime/errors.js';
import * as schemas from '../../schemas/webhooks.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { withBody, type RouteSpec } from '../route.js';
import { decodeCursor, encodeCursor } from '../views/outcome.js';
import { webhookDeliveryView, webhookView } from '../views/webhook.js';
import { prepareAnswer } from '../middleware/idempotency.js';

/** Webhooks endpoints (spec: Webhooks; DESIGN section 5 for the answers the spec leaves open). */
export function webhookRoutes(deps: HttpDeps): RouteSpec[] {
  const { webhooks } = deps;
  const params = { webhook_id: schemas.webhookIdParam };

  return [
    withBody({
      method: 'post',
      path: '/v1/webhooks',
      tag: 'webhooks',
      summary: 'Register a webhook; the signing secret is echoed in this answer only (at most 100 per workspace)',
      body: schemas.createWebhookBody,
      responses: { 201: schemas.webhookCreated },
      async handler(ctx, input) {
        const workspaceId = authOf(ctx).workspace.id;
        // Another workspace's outcome is not found, like a missing one.
        if (input.outcome_id && !(await deps.repos.outcomes.get(workspaceId, input.outcome_id))) throw errors.notFound(`Outcome ${input.outcome_id}`, { outcome_id: input.outcome_id });
        const { row, secret } = await webhooks.create(workspaceId, input, async (created) => {
          await prepareAnswer(ctx, { kind: 'webhook', id: created.row.id }, 201, { ...webhookView(created.row, undefined), secret: created.secret });
        });
        ctx.status = 201;
        ctx.body = { ...webhookView(row, undefined), secret };
      },
    }),
    {
      method: 'get',
      path: '/v1/webhooks',
      tag: 'webhooks',
      summary: "List the workspace's webhooks with delivery statistics, oldest first, with an opaque cursor",
      query: schemas.webhookListQuery,
      responses: { 200: schemas.webhookList },
      async handler(ctx) {
        const query = ctx.state.query as { limit: number; cursor?: string };
        const after = query.cursor ? decodeCursor(query.cursor) : undefined;
        if (after === null) throw errors.invalidRequest('The cursor is not one this service gave out.', { field: 'cursor', reason: 'invalid_cursor' });
        const list = await webhooks.list(authOf(ctx).workspace.id, { limit: query.limit + 1, ...(after ? { after } : {}) });
        const page = list.slice(0, query.limit);
        const hasMore = list.length > query.limit;
        ctx.body = {
          webhooks: page.map(({ row, stats }) => webhookView(row, stats)),
          pagination: { next_cursor: hasMore ? encodeCursor(page.at(-1)!.row) : null, has_more: hasMore },
        };
      },
    },
    {
      method: 'get',
      path: '/v1/webhooks/:webhook_id',
      tag: 'webhooks',
      summary: 'One webhook with its delivery statistics',
      params,
      responses: { 200: schemas.webhookView },
      async handler(ctx) {
        const { row, stats } = await webhooks.get(authOf(ctx).workspace.id, ctx.params.webhook_id!);
        ctx.body = webhookView(row, stats);
      },
    },
    withBody({
      method: 'patch',
      path: '/v1/webhooks/:webhook_id',
      tag: 'webhooks',
      summary: 'Change the url, secret (rotation: the old one keeps signing for 24 h), events, active flag, description or debug flag',
      params,
      body: schemas.updateWebhookBody,
      responses: { 200: schemas.webhookView },
      async handler(ctx, body) {
        const { row, stats } = await webhooks.update(authOf(ctx).workspace.id, ctx.params.webhook_id!, body);
        ctx.body = webhookView(row, stats);
      },
    }),
    {
      method: 'delete',
      path: '/v1/webhooks/:webhook_id',
      tag: 'webhooks',
      summary: 'Delete a webhook; retries still waiting are dropped, the delivery history stays readable',
      params,
      responses: { 200: schemas.webhookDeleted },
      async handler(ctx) {
        await webhooks.remove(authOf(ctx).workspace.id, ctx.params.webhook_id!);
        ctx.body = { id: ctx.params.webhook_id, deleted: true };
      },
    },
    {
      method: 'get',
      path: '/v1/webhooks/:webhook_id/deliveries',
      tag: 'webhooks',
      summary: 'Every delivery attempt of a webhook, newest first (also after the webhook was deleted)',
      params,
      query: schemas.deliveriesQuery,
      responses: { 200: schemas.webhookDeliveryList },
      async handler(ctx) {
        const limit = Number(ctx.state.query?.limit ?? 50);
        const rows = await webhooks.attempts(authOf(ctx).workspace.id, ctx.params.webhook_id!, limit);
        ctx.body = { deliveries: rows.map(webhookDeliveryView) };
      },
    },
    {
      method: 'post',
      path: '/v1/webhooks/:webhook_id/deliveries/:delivery_id/redeliver',
      tag: 'webhooks',
      summary: 'Attempt a finished delivery again (the same signed bytes) and answer with that attempt',
      params: { ...params, delivery_id: schemas.deliveryIdParam },
      responses: { 200: schemas.webhookDeliveryView },
      async handler(ctx) {
        const attempt = await webhooks.redeliver(authOf(ctx).workspace.id, ctx.params.webhook_id!, ctx.params.delivery_id!);
        ctx.body = webhookDeliveryView(attempt);
      },
    },
    withBody({
      method: 'post',
      path: '/v1/webhooks/:webhook_id/test',
      tag: 'webhooks',
      summary: 'Send a webhook.test delivery and answer with its first attempt',
      params,
      body: schemas.testWebhookBody,
      responses: { 200: schemas.webhookDeliveryView },
      async handler(ctx, body) {
        const attempt = await webhooks.test(authOf(ctx).workspace.id, ctx.params.webhook_id!, body.event);
        ctx.body = webhookDeliveryView(attempt);
      },
    }),
  ];
}
