import * as schemas from '../../schemas/webhooks.js';
import type { CreateWebhookInput, UpdateWebhookInput } from '../../runtime/webhooks/service.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { webhookDeliveryView, webhookView } from '../views/webhook.js';

/** Webhooks endpoints (spec: Webhooks; DESIGN section 5 for the answers the spec leaves open). */
export function webhookRoutes(deps: HttpDeps): RouteSpec[] {
  const { webhooks } = deps;
  const params = { webhook_id: schemas.webhookIdParam };

  return [
    {
      method: 'post',
      path: '/v1/webhooks',
      tag: 'webhooks',
      summary: 'Register a webhook; the signing secret is echoed in this answer only',
      body: schemas.createWebhookBody,
      responses: { 201: schemas.webhookCreated },
      async handler(ctx) {
        const { row, secret } = await webhooks.create(authOf(ctx).workspace.id, ctx.state.body as CreateWebhookInput);
        ctx.status = 201;
        ctx.body = { ...webhookView(row, undefined), secret };
      },
    },
    {
      method: 'get',
      path: '/v1/webhooks',
      tag: 'webhooks',
      summary: "List the workspace's webhooks with delivery statistics",
      responses: { 200: schemas.webhookList },
      async handler(ctx) {
        const list = await webhooks.list(authOf(ctx).workspace.id);
        ctx.body = { webhooks: list.map(({ row, stats }) => webhookView(row, stats)) };
      },
    },
    {
      method: 'patch',
      path: '/v1/webhooks/:webhook_id',
      tag: 'webhooks',
      summary: 'Change the events, active flag, description or debug flag of a webhook',
      params,
      body: schemas.updateWebhookBody,
      responses: { 200: schemas.webhookView },
      async handler(ctx) {
        const { row, stats } = await webhooks.update(authOf(ctx).workspace.id, ctx.params.webhook_id!, ctx.state.body as UpdateWebhookInput);
        ctx.body = webhookView(row, stats);
      },
    },
    {
      method: 'delete',
      path: '/v1/webhooks/:webhook_id',
      tag: 'webhooks',
      summary: 'Delete a webhook; retries still waiting are dropped',
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
      summary: 'Recent deliveries of a webhook, newest first, each with its latest attempt',
      params,
      query: schemas.deliveriesQuery,
      responses: { 200: schemas.webhookDeliveryList },
      async handler(ctx) {
        const limit = Number(ctx.state.query?.limit ?? 50);
        const rows = await webhooks.deliveries(authOf(ctx).workspace.id, ctx.params.webhook_id!, limit);
        ctx.body = { deliveries: rows.map(webhookDeliveryView) };
      },
    },
    {
      method: 'post',
      path: '/v1/webhooks/:webhook_id/test',
      tag: 'webhooks',
      summary: 'Send a webhook.test delivery and answer with its first attempt',
      params,
      body: schemas.testWebhookBody,
      responses: { 200: schemas.webhookDeliveryView },
      async handler(ctx) {
        const body = ctx.state.body as { event?: string };
        const row = await webhooks.test(authOf(ctx).workspace.id, ctx.params.webhook_id!, body.event);
        ctx.body = webhookDeliveryView(row);
      },
    },
  ];
}
