import test from 'ava';
import { manualClock } from '../../runtime/clock.js';
import { startEmulate } from '../helpers/emulate.js';
import { startServer } from '../helpers/server.js';

/**
 * OAuth connect against the Google emulator of `emulate` 0.12.2 (its authorize page, PKCE S256
 * check, token and refresh grants, revocation): the drive integration on Google Drive.
 */
const clientId = 'crewd-drive.apps.googleusercontent.com';
const config = `
google:
  users:
    - email: writer@example.com
      name: Writer
      email_verified: true
  oauth_clients:
    - client_id: ${clientId}
      client_secret: GOCSPX-crewd
      name: crewd
      redirect_uris:
        - https://crewd.example.com/v1/integrations/oauth/callback
`;

async function setup(t: { teardown(fn: () => Promise<void>): void }) {
  const emulate = await startEmulate(['google'], config);
  const google = emulate.urls.google!;
  const clock = manualClock(new Date());
  const server = await startServer(
    {
      CREWD_PUBLIC_URL: 'https://crewd.example.com',
      CREWD_OAUTH_DRIVE_CLIENT_ID: clientId,
      CREWD_OAUTH_DRIVE_CLIENT_SECRET: 'GOCSPX-crewd',
      CREWD_OAUTH_DRIVE_AUTHORIZE_URL: `${google}/o/oauth2/v2/auth`,
      CREWD_OAUTH_DRIVE_TOKEN_URL: `${google}/oauth2/token`,
    },
    { clock, tools: { retry: { retries: 1, minTimeoutMs: 10 } } },
  );
  t.teardown(async () => {
    await server.close();
    await emulate.close();
  });
  const configured = await server.call('POST', '/v1/integrations/drive/configure', { body: { settings: { provider: 'google', base_url: google, drive_format: 'markdown' } } });
  if (configured.status !== 200) throw new Error(JSON.stringify(configured.body));
  return { google, clock, server };
}

/** The person's browser: crewd's authorization URL → the emulator's sign-in form → crewd's callback. */
async function signIn(server: Awaited<ReturnType<typeof startServer>>) {
  const started = await server.call('POST', '/v1/integrations/drive/oauth/start', { body: { redirect_uri: 'https://app.example.com/integrations' } });
  const page = await fetch(started.body.authorization_url);
  const html = await page.text();
  const form = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
  const fields = Object.fromEntries([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
  const signedIn = await fetch(new URL(form, started.body.authorization_url), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const callback = new URL(signedIn.headers.get('location')!);
  const answer = await fetch(`${server.url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  return { started, callback, answer };
}

const runInput = (server: { workspaceId: string }, outcomeId: string) => ({
  workspaceId: server.workspaceId,
  outcomeId,
  crew: 'writer' as const,
  stage: 'publishing',
  attempt: 1,
  flags: [{ flag: 'save_to_drive', value: true, integration: 'drive' }],
  title: 'Launch notes',
  content: '# Launch\n\nWe ship on Monday.',
});

test.serial('Google OAuth: start → sign-in → callback connects drive; the deploy flag then saves to Drive with the stored token', async (t) => {
  const { server } = await setup(t);
  const { started, callback, answer } = await signIn(server);
  t.is(started.status, 200);
  t.is(new URL(started.body.authorization_url).searchParams.get('code_challenge_method'), 'S256');
  t.is(callback.origin + callback.pathname, 'https://crewd.example.com/v1/integrations/oauth/callback');
  t.is(answer.status, 302, await answer.clone().text());
  t.is(answer.headers.get('location'), 'https://app.example.com/integrations?integration=drive&status=connected');
  const drive = (await server.call('GET', '/v1/integrations')).body.integrations.find((i: { id: string }) => i.id === 'drive');
  t.like(drive, { configured: true, auth: { oauth: true }, auth_status: 'ok', connection_status: 'active' });
  const connections = (await server.runtime.tools.connections.list(server.workspaceId)).filter((c) => c.server_type === 'drive' && c.connection_status !== 'disconnected');
  t.is(connections.length, 1, 'the configure connection is kept, not doubled');
  const row = await server.runtime.repos.integrationConfigs.get(server.workspaceId, 'drive');
  t.false(/google_/.test(JSON.stringify(row)), 'tokens are stored encrypted');
  const run = await server.runtime.tools.runner.run(runInput(server, 'out_g1'));
  t.like(run.executed.drive, { status: 'success' });
  t.regex(String(run.executed.drive!.file_url), /^https:\/\/drive\.google\.com\/file\/d\//);
  // The same state cannot be used twice.
  const replay = await fetch(`${server.url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  t.is(replay.status, 400);
});

test.serial('Google OAuth: an expired access token is refreshed before use; a revoked refresh token turns drive auth_required', async (t) => {
  const { google, clock, server } = await setup(t);
  t.is((await signIn(server)).answer.status, 302);
  const host = server.runtime.tools.pluginHost;
  const first = (await host.context(server.workspaceId, 'drive')).secrets;
  clock.advance(3600_000);
  const renewed = (await host.context(server.workspaceId, 'drive')).secrets;
  t.not(renewed.access_token, first.access_token);
  const run = await server.runtime.tools.runner.run(runInput(server, 'out_g2'));
  t.like(run.executed.drive, { status: 'success' });

  await fetch(`${google}/oauth2/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: renewed.refresh_token! }) });
  clock.advance(3600_000);
  const failed = await server.runtime.tools.runner.run(runInput(server, 'out_g3'));
  t.like(failed.executed.drive, { status: 'failed', error: { code: 'auth_required' } });
  t.is(failed.events[0]!.kind, 'integration.failed');
  const drive = (await server.call('GET', '/v1/integrations')).body.integrations.find((i: { id: string }) => i.id === 'drive');
  t.is(drive.auth_status, 'auth_required');
  // Its tool connection turns auth_required with it (error, no retry loop)...
  const driveConnections = async () => (await server.runtime.tools.connections.list(server.workspaceId)).filter((c) => c.server_type === 'drive' && c.connection_status !== 'disconnected');
  const [refused] = await driveConnections();
  t.like(refused, { connection_status: 'error', status_detail: { state: 'error', reason: 'auth_required' } });
  // ...until the person connects again: a fresh active connection replaces it, and the mark goes.
  t.is((await signIn(server)).answer.status, 302);
  const again = await driveConnections();
  t.is(again.length, 1);
  t.like(again[0], { connection_status: 'active' });
  t.not(again[0]!.id, refused!.id);
  const reconnected = (await server.call('GET', '/v1/integrations')).body.integrations.find((i: { id: string }) => i.id === 'drive');
  t.is(reconnected.auth_status, 'ok');
});

test.serial('Google OAuth: a state older than ten minutes is a 400 page and never reaches the token endpoint', async (t) => {
  const { clock, server } = await setup(t);
  const started = await server.call('POST', '/v1/integrations/drive/oauth/start', { body: { redirect_uri: 'https://app.example.com/integrations' } });
  clock.advance(10 * 60_000 + 1);
  const late = await fetch(`${server.url}/v1/integrations/oauth/callback?state=${started.body.state}&code=whatever`, { redirect: 'manual' });
  t.is(late.status, 400);
  t.regex(await late.text(), /expired/);
  const drive = (await server.call('GET', '/v1/integrations')).body.integrations.find((i: { id: string }) => i.id === 'drive');
  t.false(JSON.stringify(drive.settings).includes('access_token'));
});
