import { randomBytes } from 'node:crypto';
import { createPostgresDatabase, postgresTest } from '../../../helpers/postgres.js';
import { startServer } from '../../../helpers/server.js';
import { until } from '../../../helpers/until.js';
import { refreshMarginMs } from '../../../../runtime/tools/oauth/refreshOnce.js';
import { startOAuthToolServer } from '../fixtures/oauthToolServer.js';

const publicUrl = 'http://crewd.test';

postgresTest('two crewd instances on one Postgres database: a token due for refresh is refreshed once, and both call with the new token', async (t) => {
  const tools = await startOAuthToolServer({ tokenTtlSeconds: refreshMarginMs / 1000 + 3 });
  const pg = await createPostgresDatabase();
  t.teardown(async () => {
    await tools.close();
    await pg.drop();
  });
  // One secret key for both, as every process on one database has.
  const env = { CREWD_DATABASE_URL: pg.url, CREWD_PUBLIC_URL: publicUrl, CREWD_LEASE_MS: '5000', CREWD_SECRET_KEY: randomBytes(32).toString('base64') };
  const options = { tools: { oauthRefresh: { retry: { retries: 2, minTimeoutMs: 20 }, pollMs: 20 } } };
  const a = await startServer(env, options);
  t.teardown(() => a.close());
  const b = await startServer(env, options);
  t.teardown(() => b.close());

  const connect = await a.call('POST', `/api/mcp/connect?workspace_id=${a.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'shared', auth: 'oauth', oauth: { client_id: 'crewd-test-client' }, params: { url: tools.url } },
  });
  t.is(connect.status, 202, JSON.stringify(connect.body));
  const consent = await fetch(connect.body.authorization_url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  // The browser may land on either instance: here on B, which did not start the flow.
  const callback = await b.call('GET', back.pathname + back.search, { key: null, headers: { accept: 'application/json' } });
  t.is(callback.status, 200, JSON.stringify(callback.body));
  const context = (outcomeId: string) => ({ agentName: 'ResearchAgent', outcomeId });
  const callOn = (server: typeof a, text: string) => server.runtime.tools.service.call(server.workspaceId, 'shared__echo', { text }, context(`out_${text}`));
  // Both instances have a session (B's opened on demand for its first call).
  // A hears of it through the cluster signal (asynchronous): it follows B's new actor.
  await until(async () => !(await callOn(a, 'warm-a')).isError, 'A to call the tool B connected', 20_000);
  t.false((await callOn(b, 'warm-b')).isError);

  const credentialId = `tool_connection:${connect.body.connection_id}`;
  const before = tools.grants.length;
  await until(async () => {
    const row = await a.runtime.repos.oauthCredentials.get(credentialId);
    return Date.parse(row!.expires_at!) - Date.now() <= refreshMarginMs;
  }, 'the token to be due');

  // Both instances call at once, several times each, with the token due.
  const results = await Promise.all(['a1', 'b1', 'a2', 'b2', 'a3', 'b3'].map((text) => callOn(text.startsWith('a') ? a : b, text)));
  for (const result of results) t.false(result.isError, result.content);
  t.deepEqual(tools.grants.slice(before), ['refresh_token'], 'one refresh between both instances');
  const row = await a.runtime.repos.oauthCredentials.get(credentialId);
  t.is(row!.refresh_claimed_until, null);
  t.is(row!.status, 'authorized');
});
