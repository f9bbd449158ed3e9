import fs from 'node:fs';
import test from 'ava';
import { keyedCall, serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const key = 'crew_sk_approvalcrash0123456789ab';
const call = keyedCall(key);

test('kill -9 while an outcome waits for approval: after a restart the same action (and its links) is decided and the outcome completes once', async (t) => {
  const dataDir = tempDir('crewd-approval-crash-');
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') };
  let { child, url } = await serveProcess(env);
  t.teardown(() => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const deployed = await call(url, 'POST', '/v1/crews/writer/deploy', { brief: 'Write a blog post about planning a vegetable garden in raised beds', integrations: { save_to_drive: true }, approvals: { before_integrations: true, before_completion: true } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const id = deployed.body.outcome_id as string;
  const before = await until(async () => {
    const view = await call(url, 'GET', `/v1/outcomes/${id}`);
    return view.body.pending_action ? view.body : undefined;
  }, 'the pending action');
  await stopProcess(child, 'SIGKILL');

  ({ child, url } = await serveProcess(env));
  const after = await call(url, 'GET', `/v1/outcomes/${id}`);
  t.is(after.body.status, 'processing');
  t.is(after.body.progress.current_stage, 'awaiting_approval');
  t.deepEqual(after.body.pending_action, before.pending_action, 'the action survived unchanged');
  const listed = await call(url, 'GET', '/v1/actions?status=pending');
  t.deepEqual(listed.body.data.map((a: { id: string }) => a.id), [before.pending_action.id]);

  const first = await call(url, 'POST', `/v1/outcomes/${id}/actions/${before.pending_action.id}`, { decision: 'approve' });
  t.is(first.status, 200, JSON.stringify(first.body));
  // The result waits next; kill again while it waits, then approve after a second restart.
  const second = await until(async () => {
    const view = await call(url, 'GET', `/v1/outcomes/${id}`);
    return view.body.pending_action?.kind === 'approve_result' ? view.body.pending_action : undefined;
  }, 'the result approval');
  await stopProcess(child, 'SIGKILL');
  ({ child, url } = await serveProcess(env));
  const decided = await call(url, 'POST', `/v1/outcomes/${id}/actions/${second.id}`, { decision: 'approve' });
  t.is(decided.status, 200, JSON.stringify(decided.body));
  const done = await until(async () => {
    const view = await call(url, 'GET', `/v1/outcomes/${id}/result`);
    return view.status === 200 ? view.body : undefined;
  }, 'the result');
  t.is(done.status, 'completed');
  t.is(done.integrations_executed.drive.status, 'success');
  await stopProcess(child);
  const { default: knex } = await import('knex');
  const db = knex({ client: 'sqlite3', connection: { filename: `${dataDir}/crewd.sqlite` }, useNullAsDefault: true });
  t.teardown(() => db.destroy());
  const events = await db('events').where({ outcome_id: id }).orderBy('sequence');
  const count = (kind: string) => events.filter((e: { kind: string }) => e.kind === kind).length;
  t.is(count('outcome.action_required'), 2);
  t.is(count('outcome.action_resolved'), 2);
  t.is(count('integration.executed'), 1);
  t.is(count('outcome.completed'), 1);
  t.deepEqual(events.map((e: { sequence: number }) => Number(e.sequence)), events.map((_: unknown, i: number) => i + 1));
});
