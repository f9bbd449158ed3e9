import test from 'ava';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCipher } from '../../../runtime/secrets/cipher.js';
import { loadSecretKey, secretKeyFileName } from '../../../runtime/secrets/secretKey.js';

function tempDir(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crewd-secret-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('without CREWD_SECRET_KEY a key file is created once with mode 0600 and reused', (t) => {
  const dataDir = path.join(tempDir(t), 'nested', 'data');
  const first = loadSecretKey({ dataDir });
  const file = path.join(dataDir, secretKeyFileName);
  t.is(first.length, 32);
  t.is(statSync(file).mode & 0o777, 0o600);
  const contents = readFileSync(file, 'utf8');

  const second = loadSecretKey({ dataDir });
  t.true(second.equals(first));
  t.is(readFileSync(file, 'utf8'), contents, 'the file is not rewritten');

  // What one start encrypted, the next start can decrypt.
  const token = createCipher(first).encrypt('whsec_1');
  t.is(createCipher(second).decrypt(token), 'whsec_1');
});

test('no temporary files are left next to the key file', (t) => {
  const dataDir = tempDir(t);
  loadSecretKey({ dataDir });
  loadSecretKey({ dataDir });
  t.deepEqual(
    readdir(dataDir),
    [secretKeyFileName],
  );
});

test('CREWD_SECRET_KEY wins over the key file and writes nothing', (t) => {
  const dataDir = tempDir(t);
  const key = randomBytes(32);
  t.true(loadSecretKey({ secretKeyBase64: key.toString('base64'), dataDir }).equals(key));
  t.deepEqual(readdir(dataDir), []);
});

test('an empty CREWD_SECRET_KEY falls back to the key file', (t) => {
  const dataDir = tempDir(t);
  t.is(loadSecretKey({ secretKeyBase64: '', dataDir }).length, 32);
  t.deepEqual(readdir(dataDir), [secretKeyFileName]);
});

test('a CREWD_SECRET_KEY of the wrong length or not base64 is refused with a message naming it', (t) => {
  const dataDir = tempDir(t);
  for (const bad of [randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), 'not base64 at all!!', '%%%%']) {
    const error = t.throws(() => loadSecretKey({ secretKeyBase64: bad, dataDir }));
    t.regex(error!.message, /^CREWD_SECRET_KEY: expected 32 bytes encoded as base64/);
    t.false(error!.message.includes(bad), 'the bad value itself is not echoed');
  }
});

test('a damaged key file is refused rather than replaced', (t) => {
  const dataDir = tempDir(t);
  writeFileSync(path.join(dataDir, secretKeyFileName), 'short\n');
  t.throws(() => loadSecretKey({ dataDir }), { message: /secret\.key: expected 32 bytes/ });
  t.is(readFileSync(path.join(dataDir, secretKeyFileName), 'utf8'), 'short\n');
});

function readdir(dir: string): string[] {
  return readdirSync(dir).sort();
}
