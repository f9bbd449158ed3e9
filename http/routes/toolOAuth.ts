import * as schemas from '../../schemas/tools.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const clientMetadataDocument = { type: 'object', required: ['client_id', 'redirect_uris'], properties: { client_id: { type: 'string' }, redirect_uris: { type: 'array', items: { type: 'string' } } } };
const callbackAnswer = {
  type: 'object',
  required: ['status', 'connection_id'],
  properties: { status: { type: 'string', enum: ['connected', 'auth_required', 'error'] }, connection_id: { type: 'string' }, authorization_url: { type: 'string' }, expires_at: { type: 'string' } },
};

/**
 * The public half of MCP authorization for `{auth: "oauth"}` tool connections (issue 29): the
 * authorization server sends the user's browser back to the callback (no key: the single-use
 * state names the workspace and the connection), and reads crewd's client ID metadata document.
 */
export function toolOAuthRoutes(deps: HttpDeps): RouteSpec[] {
  const { tools } = deps;
  return [
    {
      method: 'get',
      path: '/api/mcp/oauth/callback',
      tag: 'tool connections',
      summary: "The authorization server's return after the user authorized a tool connection: redeems the code and connects (public; the state identifies the connection)",
      query: schemas.oauthCallbackQuery,
      responses: { 200: callbackAnswer, 400: null, 502: null },
      async handler(ctx) {
        const query = Object.fromEntries(Object.entries(ctx.query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
        const answer = await tools.toolOAuth.callback(query);
        ctx.set('cache-control', 'no-store');
        ctx.set('referrer-policy', 'no-referrer');
        const settled = answer.ok ? await tools.connections.authorized(answer.workspaceId, answer.connectionId) : 'error';
        const html = ctx.accepts('json', 'html') === 'html';
        if (answer.ok) {
          ctx.status = 200;
          // The server asked for more (scope step-up right after connecting): one more consent.
          const more = settled === 'active' ? undefined : await tools.toolOAuth.pending(answer.connectionId);
          const status = settled === 'active' ? 'connected' : more ? 'auth_required' : 'error';
          if (html) {
            ctx.type = 'text/html; charset=utf-8';
            const next = more ? `<p>The server asks for more access: <a href="${escapeHtml(more.authorization_url)}">continue</a>.</p>` : '<p>You can close this tab.</p>';
            ctx.body = `<!doctype html><meta charset="utf-8"><title>Tool connection</title><h1>${status === 'connected' ? 'Connected' : more ? 'One more step' : 'Authorized, but the server did not connect'}</h1>${next}`;
            return;
          }
          ctx.body = { status, connection_id: answer.connectionId, ...(more ? more : {}) };
          return;
        }
        ctx.status = answer.status;
        if (html) {
          ctx.type = 'text/html; charset=utf-8';
          ctx.body = `<!doctype html><meta charset="utf-8"><title>Authorization failed</title><h1>Authorization failed</h1><p>${escapeHtml(answer.message)}</p>`;
          return;
        }
        ctx.body = { error: { code: answer.code, message: answer.message, details: answer.connectionId ? { connection_id: answer.connectionId } : { field: 'state' } } };
      },
    },
    {
      method: 'get',
      path: '/api/mcp/oauth/client-metadata.json',
      tag: 'tool connections',
      summary: "crewd's OAuth client ID metadata document: its client_id for authorization servers that support URL client ids (public)",
      responses: { 200: clientMetadataDocument },
      async handler(ctx) {
        ctx.set('cache-control', 'public, max-age=3600');
        ctx.body = tools.toolOAuth.clientMetadataDocument();
      },
    },
  ];
}
