import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import knex from 'knex';
import { idempotencyMetaKey } from '../../runtime/tools/toolJournal.js';
import { keyedCall, serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { startCountingToolServer } from './fixtures/countingToolServer.js';

const key = 'crew_sk_toolcrash0123456789abcdef';

const call = keyedCall(key);

test('kill -9 during slow tool calls: after restart every restored outcome uses its tool, each call is sent again with its key at most once more, and logged once', async (t) => {
  const tools = await startCountingToolServer(idempotencyMetaKey);
  const dataDir = tempDir('crewd-toolcrash-');
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_ALLOW_PRIVATE_URLS: '1', CREWD_LOCAL_MODEL_DELAY_MS: '20' };
  let { child, url } = await serveProcess(env);
  t.teardown(async () => {
    child.kill('SIGKILL');
    await tools.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const file = knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  const workspace = await file('workspaces').where({ name: 'default' }).first();
  await file.destroy();

  const connected = await call(url, 'POST', `/api/mcp/connect?workspace_id=${workspace.id}`, { server_type: 'custom', server_name: 'facts', params: { url: tools.url } });
  t.is(connected.status, 201, JSON.stringify(connected.body));

  tools.hold();
  const ids: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    const response = await call(url, 'POST', '/v1/crews/writer/deploy', { brief: `Heat pumps for terraced houses, case ${i}: costs and savings` });
    t.is(response.status, 201);
    ids.push(response.body.outcome_id);
  }
  // Every research step is now inside its tool call, which the server holds: pull the plug.
  await until(async () => (tools.received >= ids.length ? true : undefined), 'every tool call to arrive');
  await stopProcess(child, 'SIGKILL');
  const firstKeys = new Set(tools.byKey.keys());
  t.is(firstKeys.size, ids.length, 'each outcome made one keyed call before the crash');
  t.is(tools.unkeyed, 0);
  tools.release();

  ({ child, url } = await serveProcess(env));
  for (const id of ids) {
    const done = await until(async () => {
      const view = await call(url, 'GET', `/v1/outcomes/${id}`);
      t.not(view.body.status, 'failed', `${id} failed: ${JSON.stringify(view.body.error)}`);
      return view.body.status === 'completed' ? view.body : undefined;
    }, `${id} to complete`, { maxEveryMs: 200 }); // completed stays completed: fewer polls of a settled state
    t.is(done.status, 'completed');
  }
  await stopProcess(child);

  // At least once, at most twice, always with the same key: no call was invented or lost.
  t.deepEqual(new Set(tools.byKey.keys()), firstKeys, 'the calls after the restart carried the keys of the calls in flight');
  for (const [callKey, count] of tools.byKey) t.true(count >= 1 && count <= 2, `${callKey} reached the server ${count} times`);
  t.is(tools.unkeyed, 0);

  const check = knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  t.teardown(() => check.destroy());
  const logged = await check('tool_calls').whereIn('outcome_id', ids);
  t.is(logged.length, ids.length, 'one logged call per logical call');
  t.true(logged.every((row: { success: unknown; call_key: string }) => Boolean(row.success) && firstKeys.has(row.call_key)));
  // The tool's answer reached each restored outcome: its research stage kept the passage.
  for (const id of ids) {
    const outputs = await check('stage_outputs').where({ outcome_id: id, step_key: '0' });
    t.true(outputs.some((row: { data: string }) => String(row.data).includes('Verified fact sheet')), `${id}: the research stage used the tool's answer`);
  }
});
