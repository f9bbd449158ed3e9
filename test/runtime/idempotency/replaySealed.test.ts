import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { serveProcess, stopProcess } from '../../helpers/processes.js';
import { tempDir } from '../../helpers/server.js';

/**
 * Issue 25 (Must have 4): the stored answer of `POST /v1/api-keys` with an `Idempotency-Key`
 * carries the new key's secret; it is sealed (the secrets cipher) before it reaches a page, so no
 * file of the data directory holds the secret at any moment: while `crewd serve` runs (the
 * answer still in `crewd.sqlite-wal`, not checkpointed) and after a kill -9 (no clean close).
 * In-process, after each kind of write and a checkpoint, and on Postgres: test/e2e/secretsAtRest.test.ts.
 */
function filesHolding(dataDir: string, secret: string): string[] {
  return fs
    .readdirSync(dataDir)
    .filter((name) => name !== 'secret.key' && fs.statSync(path.join(dataDir, name)).isFile())
    .filter((name) => {
      const bytes = fs.readFileSync(path.join(dataDir, name));
      return bytes.includes(secret) || bytes.includes(Buffer.from(secret).toString('hex'));
    });
}

test('a key created with an Idempotency-Key leaves its secret in no data file of a running or killed crewd serve', async (t) => {
  const dataDir = tempDir('crewd-sealed-');
  const bootstrap = `crew_sk_sealed${'0123456789abcdef'.repeat(2)}`;
  const { child, url } = await serveProcess({ CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrap });
  t.teardown(async () => {
    await stopProcess(child, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const create = () =>
    fetch(`${url}/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bootstrap}`, 'content-type': 'application/json', 'idempotency-key': 'sealed-1' },
      body: JSON.stringify({ name: 'sealed', permissions: ['crews:read'] }),
    });
  const first = await create();
  t.is(first.status, 201);
  const { secret } = (await first.json()) as { secret: string };
  const replay = await create();
  t.is(replay.headers.get('idempotent-replayed'), 'true');
  t.is(((await replay.json()) as { secret: string }).secret, secret, 'the replay carries the secret');
  t.true(fs.existsSync(path.join(dataDir, 'crewd.sqlite-wal')), 'the answer is in the write-ahead log, not checkpointed');
  t.deepEqual(filesHolding(dataDir, secret), [], 'while the server runs');

  await stopProcess(child, 'SIGKILL');
  t.deepEqual(filesHolding(dataDir, secret), [], 'after a kill -9');
});
