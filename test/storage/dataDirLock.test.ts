import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { loadConfig } from '../../runtime/config.js';
import { createRuntime } from '../../app/createRuntime.js';
import { createLogger } from '../../runtime/logger.js';
import { DataDirLockedError } from '../../storage/dataDirLock.js';
import { startServer, tempDir } from '../helpers/server.js';

test('a second server on the same SQLite data directory refuses to start and points at Postgres', async (t) => {
  const dataDir = tempDir();
  const first = await startServer({ CREWD_DATA_DIR: dataDir });
  t.teardown(async () => {
    await first.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const config = loadConfig({ CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'silent', PORT: '0' });
  const error = await t.throwsAsync(createRuntime(config, { logger: createLogger('silent') }), { instanceOf: DataDirLockedError });
  t.regex(error!.message, /CREWD_DATABASE_URL=postgres/);
  t.regex(error!.message, new RegExp(`pid ${process.pid}`));
  // Admin commands (no serving) may still open the directory beside the server.
  const admin = await createRuntime(config, { bootstrap: false, logger: createLogger('silent') });
  await admin.close();
  t.is((await first.call('GET', '/v1/crews')).status, 200);
});

test('a stale lock left by a dead process is taken over, and the lock is released on close', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  fs.writeFileSync(path.join(dataDir, 'crewd.lock'), `${dead.stdout.toString()}\n`);
  const server = await startServer({ CREWD_DATA_DIR: dataDir });
  t.is(fs.readFileSync(path.join(dataDir, 'crewd.lock'), 'utf8').trim(), String(process.pid));
  await server.close();
  t.false(fs.existsSync(path.join(dataDir, 'crewd.lock')));
});

test('the SQLite database files are created readable by their owner only (0600)', async (t) => {
  const dataDir = tempDir();
  const server = await startServer({ CREWD_DATA_DIR: dataDir });
  t.teardown(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  t.is((await server.call('POST', '/v1/api-keys', { body: { name: 'write something', permissions: ['crews:read'] } })).status, 201);
  for (const name of ['crewd.sqlite', 'crewd.sqlite-wal', 'crewd.sqlite-shm', 'secret.key']) {
    const file = path.join(dataDir, name);
    t.true(fs.existsSync(file), `${name} exists`);
    t.is(fs.statSync(file).mode & 0o777, 0o600, name);
  }
});
