import { errors } from '../../runtime/errors.js';
import * as schemas from '../../schemas/apiKeys.js';
import { prepareAnswer } from '../middleware/idempotency.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { withBody, type RouteSpec } from '../route.js';
import { apiKeyView } from '../views/apiKey.js';

export function apiKeyRoutes(deps: HttpDeps): RouteSpec[] {
  const { keys, repos, clock } = deps;
  const params = { key_id: schemas.keyIdParam };

  async function ownKey(workspaceId: string, keyId: string) {
    const row = await repos.apiKeys.get(workspaceId, keyId);
    if (!row || row.revoked_at) throw errors.notFound(`API key ${keyId}`, { key_id: keyId });
    return row;
  }

  return [
    {
      method: 'get',
      path: '/v1/api-keys',
      tag: 'api-keys',
      summary: "List the workspace's active keys (secrets are never shown again)",
      responses: { 200: schemas.apiKeyList },
      async handler(ctx) {
        const rows = await repos.apiKeys.listActive(authOf(ctx).workspace.id);
        ctx.body = { api_keys: rows.map((row) => apiKeyView(row, keys.lastUsed(row.id, row.last_used_at))) };
      },
    },
    withBody({
      method: 'post',
      path: '/v1/api-keys',
      tag: 'api-keys',
      summary: 'Create a key with a scope list and optional expiry; the secret is shown once',
      body: schemas.createApiKeyBody,
      responses: { 201: schemas.apiKeyCreated },
      async handler(ctx, body) {
        const auth = authOf(ctx);
        // A key may not mint a key stronger than itself.
        const beyond = body.permissions.find((scope) => !auth.permissions.includes(scope));
        if (beyond) throw errors.forbidden(beyond, auth.permissions);
        if (body.expires_at && new Date(body.expires_at).getTime() <= clock.now().getTime()) {
          throw errors.invalidRequest("Field 'expires_at' must be in the future.", { field: 'expires_at', reason: 'in_the_past' });
        }
        const { row, secret } = await keys.create({
          workspaceId: auth.workspace.id,
          name: body.name,
          permissions: body.permissions,
          expiresAt: body.expires_at ? new Date(body.expires_at).toISOString() : null,
        }, (created) => prepareAnswer(ctx, { kind: 'api_key', id: created.row.id }, 201, { ...apiKeyView(created.row, null), secret: created.secret }));
        ctx.status = 201;
        ctx.body = { ...apiKeyView(row, null), secret };
      },
    }),
    withBody({
      method: 'patch',
      path: '/v1/api-keys/:key_id',
      tag: 'api-keys',
      summary: "Rename a key",
      params,
      body: schemas.updateApiKeyBody,
      responses: { 200: schemas.apiKeyView },
      async handler(ctx, body) {
        const auth = authOf(ctx);
        await ownKey(auth.workspace.id, ctx.params.key_id!);
        await keys.rename(auth.workspace.id, ctx.params.key_id!, body.name);
        const row = await ownKey(auth.workspace.id, ctx.params.key_id!);
        ctx.body = apiKeyView(row, keys.lastUsed(row.id, row.last_used_at));
      },
    }),
    {
      method: 'delete',
      path: '/v1/api-keys/:key_id',
      tag: 'api-keys',
      summary: 'Revoke a key; requests with it get 401 from then on',
      params,
      responses: { 200: schemas.apiKeyRevoked },
      async handler(ctx) {
        const auth = authOf(ctx);
        const row = await ownKey(auth.workspace.id, ctx.params.key_id!);
        await keys.revoke(row.id);
        ctx.body = { key_id: row.id, revoked: true };
      },
    },
  ];
}
