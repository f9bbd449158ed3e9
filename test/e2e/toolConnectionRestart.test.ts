import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import knex, { type Knex } from 'knex';
import { idempotencyMetaKey } from '../../runtime/tools/toolJournal.js';
import { keyedCall, serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { startCountingToolServer } from './fixtures/countingToolServer.js';

const key = 'crew_sk_connrestart0123456789abcd';
const call = keyedCall(key);

/** Reads the data file directly: what the process stored, without asking it (asking could wake a lazy reconnect). */
async function stored(file: Knex, connectionId: string) {
  const connection = await file('tool_connections').where({ id: connectionId }).first();
  const actor = await file('actors').where({ id: connectionId }).first();
  return { connection, actor };
}

test('kill -9 with a connected MCP server: after the restart the connection reconnects by itself, lists its tools and serves a deploy; a deleted one stays gone', async (t) => {
  const tools = await startCountingToolServer(idempotencyMetaKey);
  const dataDir = tempDir('crewd-connrestart-');
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_ALLOW_PRIVATE_URLS: '1', CREWD_LOCAL_MODEL_DELAY_MS: '5' };
  let { child, url } = await serveProcess(env);
  const file = knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  t.teardown(async () => {
    child.kill('SIGKILL');
    await file.destroy();
    await tools.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const workspace = await file('workspaces').where({ name: 'default' }).first();

  const connected = await call(url, 'POST', `/api/mcp/connect?workspace_id=${workspace.id}`, { server_type: 'custom', server_name: 'facts', params: { url: tools.url } });
  t.is(connected.status, 201, JSON.stringify(connected.body));
  const id: string = connected.body.connection_id;
  const before = await stored(file, id);
  t.is(before.connection.state, 'active');
  // The connection's state chart is an actor of the host: its snapshot is stored beside the row.
  t.is(before.actor.machine, 'toolConnection');
  t.is(before.actor.state_value, 'active');

  // Restart 1: the actor is restored from its snapshot and reconnects (RESTORED).
  await stopProcess(child, 'SIGKILL');
  ({ child, url } = await serveProcess(env));
  const reconnected = await until(async () => {
    const now = await stored(file, id);
    return now.connection.state === 'active' && now.connection.last_connected_at > before.connection.last_connected_at ? now : undefined;
  }, 'the connection to reconnect with nobody asking');
  t.is(reconnected.actor.state_value, 'active');
  const listed = await call(url, 'GET', `/api/mcp/connections?workspace_id=${workspace.id}`);
  const [connection] = listed.body.connections;
  t.like(connection, { id, connection_status: 'active', status_detail: { state: 'active', reason: null, next_retry_at: null, last_error: null } });
  t.deepEqual(connection.available_tools.map((tool: { model_name: string }) => tool.model_name), ['facts__lookup']);

  // A deploy's research stage calls the tool on the reconnected session.
  const deployed = await call(url, 'POST', '/v1/crews/writer/deploy', { brief: 'Heat pumps for terraced houses: costs and savings' });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const outcomeId: string = deployed.body.outcome_id;
  const done = await until(async () => {
    const view = await call(url, 'GET', `/v1/outcomes/${outcomeId}`);
    t.not(view.body.status, 'failed', JSON.stringify(view.body.error));
    return view.body.status === 'completed' ? view.body : undefined;
  }, 'the outcome to complete');
  t.is(done.status, 'completed');
  const logged = await file('tool_calls').where({ outcome_id: outcomeId });
  t.true(logged.length >= 1);
  t.true(logged.every((row: { success: unknown; connection_id: string }) => Boolean(row.success) && row.connection_id === id));

  // Restart 2: a connection stored without an actor (as before connections ran on the host) is given one and connects.
  await stopProcess(child, 'SIGKILL');
  await file('actors').where({ id }).delete();
  const beforeAdopt = (await stored(file, id)).connection.last_connected_at;
  ({ child, url } = await serveProcess(env));
  const adopted = await until(async () => {
    const now = await stored(file, id);
    return now.actor && now.connection.last_connected_at > beforeAdopt ? now : undefined;
  }, 'the connection without an actor to be adopted');
  t.is(adopted.connection.state, 'active');

  // A deleted connection is retired: no actor row is left, and a restart does not bring it back.
  const gone = await call(url, 'DELETE', `/api/mcp/disconnect/${id}?workspace_id=${workspace.id}`);
  t.deepEqual(gone.body, { status: 'disconnected', connection_id: id });
  t.is((await stored(file, id)).actor, undefined);
  t.is(await file('tool_catalogs').where({ connection_id: id }).first(), undefined);
  await stopProcess(child, 'SIGKILL');
  ({ child, url } = await serveProcess(env));
  const after = await call(url, 'GET', `/api/mcp/connections?workspace_id=${workspace.id}`);
  t.is(after.body.connections[0].connection_status, 'disconnected');
  t.is((await stored(file, id)).actor, undefined);
  await stopProcess(child);
});
