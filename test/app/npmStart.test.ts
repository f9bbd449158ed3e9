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
  const npm = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  // What the server said on stderr, to show if it stopped before answering (a port taken meanwhile).
  let stderr = '';
  npm.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  t.teardown(() => {
    // Only if the test failed: the group this test started, nothing else.
    if (npm.exitCode === null) process.kill(-npm.pid!, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}/healthz`;
  await until(() => {
    if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode} before answering: ${stderr}`);
    return fetch(url).then((r) => r.ok, () => false);
  }, 'npm start to answer', 120_000).catch((error: Error) => {
    throw new Error(`${error.message}; its stderr: ${stderr || '(nothing)'}`);
  });

  npm.kill('SIGINT');
  await until(() => fetch(url).then(() => false, () => true), 'the server to stop answering', 30_000);
  const code = await exited;
  t.not(code, null, 'npm exited');
});
