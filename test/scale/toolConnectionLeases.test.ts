import { idempotencyMetaKey } from '../../runtime/tools/toolJournal.js';
import { startCountingToolServer } from '../e2e/fixtures/countingToolServer.js';
import { postgresTest } from '../helpers/postgres.js';
import { call, leaseCluster, owners, type Node } from './leasesCluster.js';
import { until } from '../helpers/until.js';

/** Deploys one writer outcome through `node` and waits for it; returns its id. */
async function deployed(node: Node): Promise<string> {
  const response = await call(node.url, 'POST', '/v1/crews/writer/deploy', { brief: 'Heat pumps for terraced houses: costs and savings' });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  const id: string = response.body.outcome_id;
  return until(async () => {
    const view = await call(node.url, 'GET', `/v1/outcomes/${id}`);
    if (view.body.status === 'failed') throw new Error(`${id} failed: ${JSON.stringify(view.body.error)}`);
    return view.body.status === 'completed' ? id : undefined;
  }, `${id} completed`);
}

postgresTest('two processes: the connection actor is owned by one, the other calls its tools on its own session, a disconnect through either ends it, and the other takes the actor over (reconnecting) after kill -9', async (t) => {
  const tools = await startCountingToolServer(idempotencyMetaKey);
  t.teardown(() => tools.close());
  // A lease of 4 s: at 1.5 s a loaded machine (the suite beside other jobs) stalled B past its lease
  // and A took B's outcome over, so the first check below saw it run on A.
  const cluster = await leaseCluster(t, { CREWD_LEASE_MS: '4000', CREWD_LOCAL_MODEL_DELAY_MS: '5' });
  const a = await cluster.start();
  const b = await cluster.start();
  const workspace = await cluster.db('workspaces').where({ name: 'default' }).first();

  const connected = await call(a.url, 'POST', `/api/mcp/connect?workspace_id=${workspace.id}`, { server_type: 'custom', server_name: 'facts', params: { url: tools.url } });
  t.is(connected.status, 201, JSON.stringify(connected.body));
  const id: string = connected.body.connection_id;
  const [held] = await owners(cluster.db, [id]);
  t.is(held!.status, 'active');
  const ownerA = held!.owner;
  t.truthy(ownerA, 'the process that connected holds the connection actor');

  // An outcome deployed through B runs on B (it holds that actor): its tool call goes through B.
  const first = await deployed(b);
  const [outcome] = await owners(cluster.db, [first]);
  t.not(outcome!.owner, ownerA);
  const calls = await cluster.db('tool_calls').where({ outcome_id: first });
  t.true(calls.length >= 1 && calls.every((row: { success: unknown }) => Boolean(row.success)), 'B called the tool of the connection A holds');

  // A connection A holds, disconnected through B: B writes the end, and A (told by the cluster
  // signal) ends its actor and retires it.
  const extra = await call(a.url, 'POST', `/api/mcp/connect?workspace_id=${workspace.id}`, { server_type: 'custom', server_name: 'extra', params: { url: tools.url } });
  t.is(extra.status, 201, JSON.stringify(extra.body));
  const extraId: string = extra.body.connection_id;
  t.is((await owners(cluster.db, [extraId]))[0]!.owner, ownerA);
  const ended = await call(b.url, 'DELETE', `/api/mcp/disconnect/${extraId}?workspace_id=${workspace.id}`);
  t.deepEqual(ended.body, { status: 'disconnected', connection_id: extraId });
  await until(async () => (await owners(cluster.db, [extraId])).length === 0, 'the extra connection actor retired');
  t.is((await cluster.db('tool_connections').where({ id: extraId }).first()).state, 'disconnected');
  t.is(await cluster.db('tool_catalogs').where({ connection_id: extraId }).first(), undefined);

  const before = await cluster.db('tool_connections').where({ id }).first();
  await cluster.stop(a.child, 'SIGKILL');
  // B takes the connection actor over once A's lease ends, restores it and reconnects.
  await until(async () => {
    const [row] = await owners(cluster.db, [id]);
    const stored = await cluster.db('tool_connections').where({ id }).first();
    return row!.owner !== ownerA && stored.state === 'active' && String(stored.last_connected_at) > String(before.last_connected_at);
  }, 'B took the connection over and reconnected');
  const listed = await call(b.url, 'GET', `/api/mcp/connections?workspace_id=${workspace.id}`);
  t.like(listed.body.connections[0], { id, connection_status: 'active', status_detail: { state: 'active' } });
  const second = await deployed(b);
  t.true((await cluster.db('tool_calls').where({ outcome_id: second })).every((row: { success: unknown }) => Boolean(row.success)));

  // Disconnected through B (which holds it now): the actor is retired.
  const gone = await call(b.url, 'DELETE', `/api/mcp/disconnect/${id}?workspace_id=${workspace.id}`);
  t.is(gone.status, 200, JSON.stringify(gone.body));
  t.deepEqual(await owners(cluster.db, [id]), []);
});
