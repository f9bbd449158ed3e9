import { startOAuthToolServer } from '../runtime/tools/fixtures/oauthToolServer.js';
import { postgresTest } from '../helpers/postgres.js';
import { until } from '../helpers/until.js';
import { refreshMarginMs } from '../../runtime/tools/oauth/refreshOnce.js';
import { call, leaseCluster, type Node } from './leasesCluster.js';

/** Deploys one writer outcome through `node` and waits for it; returns its id. */
async function deployed(node: Node): Promise<string> {
  const response = await call(node.url, 'POST', '/v1/crews/writer/deploy', { brief: 'Heat pumps for terraced houses: costs and savings' });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  const id: string = response.body.outcome_id;
  return until(async () => {
    const view = await call(node.url, 'GET', `/v1/outcomes/${id}`);
    if (view.body.status === 'failed') throw new Error(`${id} failed: ${JSON.stringify(view.body.error)}`);
    return view.body.status === 'completed' ? id : undefined;
  }, `${id} completed`, 180_000);
}

postgresTest('two crewd serve processes: an OAuth tool connection authorized through one is used by both, and its due token is refreshed once', async (t) => {
  // Tokens due for refresh 3 s after they are issued.
  const tools = await startOAuthToolServer({ tokenTtlSeconds: refreshMarginMs / 1000 + 3 });
  t.teardown(() => tools.close());
  const cluster = await leaseCluster(t, { CREWD_PUBLIC_URL: 'http://crewd.test', CREWD_LEASE_MS: '3000', CREWD_LOCAL_MODEL_DELAY_MS: '5' });
  const a = await cluster.start();
  const b = await cluster.start();
  const workspace = await cluster.db('workspaces').where({ name: 'default' }).first();

  const connect = await call(a.url, 'POST', `/api/mcp/connect?workspace_id=${workspace.id}`, { server_type: 'custom', server_name: 'facts', auth: 'oauth', oauth: { client_id: 'crewd-scale' }, params: { url: tools.url } });
  t.is(connect.status, 202, JSON.stringify(connect.body));
  const consent = await fetch(connect.body.authorization_url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const callback = await fetch(a.url + back.pathname + back.search, { headers: { accept: 'application/json' } });
  t.deepEqual(await callback.json(), { status: 'connected', connection_id: connect.body.connection_id });

  const credentialId = `tool_connection:${connect.body.connection_id}`;
  await until(async () => {
    const row = await cluster.db('oauth_credentials').where({ id: credentialId }).first();
    return Date.parse(row.expires_at) - Date.now() <= refreshMarginMs;
  }, 'the token to be due');
  const before = tools.grants.length;
  // The refreshed token lives an hour: any further refresh would be a second one for the same due token.
  tools.setTokenTtl(3600);

  // An outcome through each process: each runs on the process it was deployed through and calls the tool there.
  const [first, second] = await Promise.all([deployed(a), deployed(b)]);
  for (const id of [first, second]) {
    const calls = await cluster.db('tool_calls').where({ outcome_id: id });
    t.true(calls.length >= 1 && calls.every((row: { success: unknown }) => Boolean(row.success)), `${id} called the tool`);
  }
  t.deepEqual(tools.grants.slice(before), ['refresh_token'], 'one refresh for both processes');
  const row = await cluster.db('oauth_credentials').where({ id: credentialId }).first();
  t.is(row.status, 'authorized');
  t.is(row.refresh_claimed_until, null);
});
