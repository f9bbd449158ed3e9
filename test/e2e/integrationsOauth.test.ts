import test from 'ava';
import { startOAuthProvider } from '../fixtures/oauthProvider.js';
import { startVendorServer } from '../fixtures/vendorServer.js';
import { startServer } from '../helpers/server.js';

async function setup(t: { teardown(fn: () => Promise<void>): void }, expiresIn = 3600) {
  const vendor = await startVendorServer();
  let issued = 0;
  const provider = await startOAuthProvider({ clientId: 'crewd-app', clientSecret: 'shh', expiresIn, accessToken: () => `good-token-${++issued}` });
  const server = await startServer({
    CREWD_PUBLIC_URL: 'https://crewd.example.com',
    CREWD_OAUTH_WORK_CLIENT_ID: 'crewd-app',
    CREWD_OAUTH_WORK_CLIENT_SECRET: 'shh',
    CREWD_OAUTH_WORK_AUTHORIZE_URL: `${provider.url}/authorize`,
    CREWD_OAUTH_WORK_TOKEN_URL: `${provider.url}/token`,
  });
  t.teardown(async () => {
    await server.close();
    await provider.close();
    await vendor.close();
  });
  return { vendor, provider, server };
}

/** Start → the provider's authorize (as the browser) → crewd's callback; answers the callback's response. */
async function connect(server: Awaited<ReturnType<typeof startServer>>) {
  await server.call('POST', '/v1/integrations/work/configure', { body: { settings: { workspace_gid: '1100', project_gid: '1200' } } }).catch(() => undefined);
  const started = await server.call('POST', '/v1/integrations/work/oauth/start', { body: { redirect_uri: 'https://app.example.com/done' } });
  const authorize = new URL(started.body.authorization_url);
  const atVendor = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(atVendor.headers.get('location')!);
  const answer = await fetch(`${server.url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  return { started, authorize, callback, answer };
}

test.serial('OAuth: start → authorize → callback stores the token encrypted, marks configured and opens one tool connection', async (t) => {
  const { server, provider } = await setup(t);
  const { started, authorize, callback, answer } = await connect(server);
  t.is(started.status, 200, JSON.stringify(started.body));
  t.is(authorize.searchParams.get('code_challenge_method'), 'S256');
  t.is(authorize.searchParams.get('redirect_uri'), 'https://crewd.example.com/v1/integrations/oauth/callback');
  t.is(authorize.searchParams.get('state'), started.body.state);
  t.is(callback.pathname, '/v1/integrations/oauth/callback');
  t.is(answer.status, 302, await answer.clone().text());
  t.is(answer.headers.get('location'), 'https://app.example.com/done?integration=work&status=connected');
  t.is(provider.counts.authorizationCode, 1);
  const listed = (await server.call('GET', '/v1/integrations')).body.integrations.find((i: { id: string }) => i.id === 'work');
  t.like(listed, { configured: true, auth: { oauth: true, token: true }, auth_status: 'ok' });
  const row = await server.runtime.repos.integrationConfigs.get(server.workspaceId, 'work');
  t.false(JSON.stringify(row).includes('good-token-1'), 'tokens are encrypted at rest');
  // They live in the one credential store (with the tool connections' OAuth tokens), sealed.
  const credential = await server.runtime.repos.oauthCredentials.get(`integration:${server.workspaceId}:work`);
  t.like(credential, { owner_kind: 'integration', owner_id: 'work', status: 'authorized' });
  t.false(JSON.stringify(credential).includes('good-token-1'));
  t.truthy(credential!.expires_at);
  // A second connect keeps the one tool connection.
  await connect(server);
  const connections = (await server.runtime.tools.connections.list(server.workspaceId)).filter((c) => c.server_type === 'work' && c.connection_status !== 'disconnected');
  t.is(connections.length, 1);
});

test.serial('OAuth: an unknown, used or expired state is a 400 page and never reaches the token endpoint', async (t) => {
  const { server, provider } = await setup(t);
  const unknown = await fetch(`${server.url}/v1/integrations/oauth/callback?state=nope&code=abc`, { redirect: 'manual' });
  t.is(unknown.status, 400);
  t.like(await unknown.json(), { error: { code: 'invalid_oauth_state', details: { field: 'state' } } });
  const inBrowser = await fetch(`${server.url}/v1/integrations/oauth/callback?state=nope&code=abc`, { redirect: 'manual', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  t.is(inBrowser.status, 400);
  t.regex(inBrowser.headers.get('content-type')!, /text\/html/);
  t.regex(await inBrowser.text(), /unknown, already used or expired/);
  const { callback } = await connect(server);
  const replay = await fetch(`${server.url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  t.is(replay.status, 400);
  t.is(provider.counts.authorizationCode, 1);
  const noClient = await server.call('POST', '/v1/integrations/tracker/oauth/start', { body: { redirect_uri: 'https://app.example.com/done' } });
  t.is(noClient.status, 400);
  t.is(noClient.body.error.code, 'oauth_not_available');
  t.is((await server.call('POST', '/v1/integrations/work/oauth/start', { body: {} })).status, 400);
});

test.serial('OAuth: an access token about to expire is refreshed; a revoked refresh token turns the integration auth_required', async (t) => {
  // Tokens that expire in 30 s are inside the refresh margin: the next use refreshes.
  const { server, provider } = await setup(t, 30);
  await connect(server);
  const host = server.runtime.tools.pluginHost;
  const context = await host.context(server.workspaceId, 'work');
  t.is(provider.counts.refresh, 1);
  t.is(context.secrets.access_token, 'good-token-2');
  // Two uses at once while due again: one refresh between them (the claim on the credential row).
  await server.runtime.repos.oauthCredentials.update(`integration:${server.workspaceId}:work`, { expires_at: new Date(Date.now() + 1000).toISOString() });
  const [first, second] = await Promise.all([host.context(server.workspaceId, 'work'), host.context(server.workspaceId, 'work')]);
  t.is(provider.counts.refresh, 2);
  t.is(first.secrets.access_token, 'good-token-3');
  t.is(second.secrets.access_token, 'good-token-3');
  provider.revokeAll();
  await host.context(server.workspaceId, 'work');
  const listed = (await server.call('GET', '/v1/integrations')).body.integrations.find((i: { id: string }) => i.id === 'work');
  t.is(listed.auth_status, 'auth_required');
});
