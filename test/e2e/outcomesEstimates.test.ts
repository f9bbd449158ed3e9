import fs from 'node:fs';
import test from 'ava';
import { startServer, tempDir } from '../helpers/server.js';
import { waitForOutcome } from './outcomesHelpers.js';

const secondsAhead = (body: { estimated_completion: string; created_at: string }) => (Date.parse(body.estimated_completion) - Date.parse(body.created_at)) / 1000;

test('a fast crew is estimated seconds ahead, not minutes, after a few outcomes, and still after a restart', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const first = await startServer({ CREWD_DATA_DIR: dataDir, CREWD_LOCAL_MODEL_DELAY_MS: '0' });
  const deploy = (server: typeof first, i: number) => server.call('POST', '/v1/crews/writer/deploy', { body: { brief: `A short post about keeping bees, number ${i}` } });
  const unmeasured = await deploy(first, 0);
  t.is(unmeasured.status, 201);
  // Before any measurement the local model's prior applies (its delay + 0.5 s a stage), not minutes.
  t.true(secondsAhead(unmeasured.body) > 0 && secondsAhead(unmeasured.body) < 10, `the first deploy is estimated ${secondsAhead(unmeasured.body)} s ahead`);
  await waitForOutcome(first, unmeasured.body.outcome_id);
  for (let i = 1; i <= 3; i += 1) await waitForOutcome(first, (await deploy(first, i)).body.outcome_id);
  const measured = await deploy(first, 4);
  t.true(secondsAhead(measured.body) < 30, `estimated ${secondsAhead(measured.body)} s ahead after measuring the crew`);
  await waitForOutcome(first, measured.body.outcome_id);
  await first.close();

  // A new process seeds the averages from the stored stage outputs.
  const second = await startServer({ CREWD_DATA_DIR: dataDir, CREWD_LOCAL_MODEL_DELAY_MS: '0', CREWD_BOOTSTRAP_KEY: first.key });
  t.teardown(() => second.close());
  const restarted = await deploy(second, 5);
  t.is(restarted.status, 201);
  t.true(secondsAhead(restarted.body) < 30, `estimated ${secondsAhead(restarted.body)} s ahead after a restart`);
});
