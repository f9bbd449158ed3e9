import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { freePort } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const root = path.resolve(import.meta.dirname, '../..');

test('SIGINT to `npm start` (the npm process itself, not its process group) stops the server', async (t) => {
  const dataDir = tempDir();
  const port = await freePort();
  const npm = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
  t.teardown(() => {
    // Only if the test failed: the group this test started, nothing else.
    if (npm.exitCode === null) process.kill(-npm.pid!, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}/healthz`;
  await until(() => fetch(url).then((r) => r.ok, () => false), 'npm start to answer', 120_000);

  npm.kill('SIGINT');
  await until(() => fetch(url).then(() => false, () => true), 'the server to stop answering', 30_000);
  const code = await exited;
  t.not(code, null, 'npm exited');
});
