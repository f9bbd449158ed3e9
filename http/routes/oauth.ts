import * as views from '../../schemas/integrationViews.js';
import * as schemas from '../../schemas/integrations.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { withBody, type RouteSpec } from '../route.js';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** OAuth connect of an integration (issue 17): start (with a key) and the vendor's return (public). */
export function oauthRoutes(deps: HttpDeps): RouteSpec[] {
  const { tools } = deps;
  return [
    withBody({
      method: 'post',
      path: '/v1/integrations/:integration_id/oauth/start',
      tag: 'integrations',
      summary: "Start connecting an integration through its vendor's OAuth (authorization code with PKCE)",
      params: { integration_id: schemas.integrationIdParam },
      body: views.oauthStartBody,
      responses: { 200: views.oauthStartAnswer },
      async handler(ctx, body) {
        const { redirect_uri } = body;
        ctx.body = await tools.oauth.start(authOf(ctx).workspace.id, ctx.params.integration_id!, redirect_uri);
      },
    }),
    {
      method: 'get',
      path: '/v1/integrations/oauth/callback',
      tag: 'integrations',
      summary: "The vendor's return after sign-in: exchanges the code and redirects to the client's redirect_uri (public; the state identifies the workspace)",
      query: views.oauthCallbackQuery,
      responses: { 302: null },
      async handler(ctx) {
        const query = Object.fromEntries(Object.entries(ctx.query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
        const answer = await tools.oauth.callback(query);
        ctx.set('cache-control', 'no-store');
        ctx.set('referrer-policy', 'no-referrer');
        if (answer.kind === 'redirect') {
          ctx.status = 302;
          ctx.redirect(answer.location);
          return;
        }
        ctx.status = answer.status;
        // A person's browser gets a page; any other client the service's error shape.
        if (ctx.accepts('json', 'html') === 'html') {
          ctx.type = 'text/html; charset=utf-8';
          ctx.body = `<!doctype html><meta charset="utf-8"><title>Connection failed</title><h1>Connection failed</h1><p>${escapeHtml(answer.message)}</p>`;
          return;
        }
        ctx.body = { error: { code: 'invalid_oauth_state', message: answer.message, details: { field: 'state', reason: 'unknown_used_or_expired' } } };
      },
    },
  ];
}
