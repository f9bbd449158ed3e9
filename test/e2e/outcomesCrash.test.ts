import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import knex from 'knex';
import { keyedCall, serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const key = 'crew_sk_crashtest0123456789abcdef';

const call = keyedCall(key);

test('after kill -9 mid-run, a restart finishes every outcome once with exactly one outcome.completed each', async (t) => {
  const dataDir = tempDir('crewd-crash-');
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_LOCAL_MODEL_DELAY_MS: '200' };
  let { child, url } = await serveProcess(env);
  t.teardown(() => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ids: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const crew = ['writer', 'mind', 'pilot'][i % 3];
    const response = await call(url, 'POST', `/v1/crews/${crew}/run`, { brief: `Crash-test outcome number ${i} about resilient systems` });
    t.is(response.status, 201);
    ids.push(response.body.outcome_id);
  }
  // Wait until work is visibly under way, then pull the plug.
  await until(async () => ((await call(url, 'GET', `/v1/outcomes/${ids[0]}`)).body.progress?.stages_completed?.length ?? 0) >= 2, 'two stages done');
  await stopProcess(child, 'SIGKILL');

  const db = knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  const unfinished = await db('outcomes').whereIn('id', ids).andWhere('status', 'processing').count({ n: '*' });
  await db.destroy();
  t.true(Number(unfinished[0]!.n) > 0, 'some outcomes were mid-run when the process died');

  ({ child, url } = await serveProcess(env));
  for (const id of ids) {
    await until(async () => {
      const view = await call(url, 'GET', `/v1/outcomes/${id}`);
      if (view.body.status === 'failed') throw new Error(`${id} failed: ${JSON.stringify(view.body.error)}`);
      return view.body.status === 'completed';
    }, `${id} completed`, { timeoutMs: 180_000, maxEveryMs: 200 }); // completed stays completed: fewer polls
  }
  await stopProcess(child);

  const check = knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  t.teardown(() => check.destroy());
  for (const id of ids) {
    const events = await check('events').where({ outcome_id: id }).orderBy('sequence');
    t.is(events.filter((e: { kind: string }) => e.kind === 'outcome.completed').length, 1, `${id}: one outcome.completed`);
    t.deepEqual(
      events.map((e: { sequence: number }) => Number(e.sequence)),
      events.map((_: unknown, i: number) => i + 1),
      `${id}: sequences without gaps or repeats`,
    );
    const started = events.filter((e: { kind: string }) => e.kind === 'crew.agent_started').map((e: { data: string }) => (JSON.parse(e.data) as { stage: string }).stage);
    t.is(new Set(started).size, started.length, `${id}: every stage started once`);
  }
  const active = await check('actors').where({ status: 'active' }).count({ n: '*' });
  t.is(Number(active[0]!.n), 0, 'no unfinished actors are left');
});
