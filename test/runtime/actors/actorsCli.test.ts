import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { loadConfig } from '../../../runtime/config.js';
import { createRuntime } from '../../../app/createRuntime.js';
import { createLogger } from '../../../runtime/logger.js';
import { abortError } from '../../../models/errors.js';
import { tempDir } from '../../helpers/server.js';
import { crewdArgs } from '../../helpers/compiledTree.js';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

test('crewd actors --json lists unfinished actors with machine, state, status and age', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'silent', CREWD_BOOTSTRAP_KEY: 'crew_sk_actorsclitest000000' });
  const runtime = await createRuntime(config, {
    logger: createLogger('silent'),
    // A model that never answers keeps the outcome mid-stage.
    modelProvider: { name: 'parked', step: (_i, _t, _e, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(abortError(signal)))) },
  });
  const workspace = (await runtime.repos.workspaces.findByName('default'))!;
  const deployed = await runtime.outcomes.deploy(workspace, 'writer', { brief: 'A post that never finishes' });
  await runtime.actorHost.flushed();
  t.deepEqual(runtime.outcomes.actors().map((a) => a.id), [deployed.id]);
  await runtime.close();

  const { stdout } = await run(process.execPath, await crewdArgs(['actors', '--json']), { cwd: root, env: { ...process.env, CREWD_DATA_DIR: dataDir } });
  const listed = JSON.parse(stdout) as { actors: Array<{ id: string; machine: string; state: string; status: string; age_seconds: number }>; count: number };
  t.is(listed.count, 1);
  t.is(listed.actors[0]!.id, deployed.id);
  t.is(listed.actors[0]!.machine, 'outcome');
  t.is(listed.actors[0]!.state, 'processing.step');
  t.is(listed.actors[0]!.status, 'active');
  t.true(listed.actors[0]!.age_seconds >= 0);
});
