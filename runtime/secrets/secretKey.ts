import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretKeyOptions {
  /** The value of CREWD_SECRET_KEY, if set: 32 bytes in base64. */
  secretKeyBase64?: string | undefined;
  /** Where `secret.key` lives when no CREWD_SECRET_KEY is given. */
  dataDir: string;
}

export const secretKeyFileName = 'secret.key';
const keyBytes = 32;
// Buffer.from(..., 'base64') silently skips junk, so check the text itself before decoding.
const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The key that encrypts secrets at rest. CREWD_SECRET_KEY wins; otherwise a random key is written
 * once to `<dataDir>/secret.key` (mode 0600) and read back on every later start, so restarts can
 * still decrypt what earlier runs stored. Throws an Error naming CREWD_SECRET_KEY for a bad value.
 */
export function loadSecretKey(options: SecretKeyOptions): Buffer {
  const fromEnv = options.secretKeyBase64?.trim();
  if (fromEnv) return decodeSecretKey(fromEnv);
  return readOrCreateKeyFile(path.join(options.dataDir, secretKeyFileName));
}

/** Decodes a CREWD_SECRET_KEY value; throws an Error naming the variable unless it is 32 bytes of base64. */
export function decodeSecretKey(value: string): Buffer {
  const text = value.trim();
  const key = base64Pattern.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (key.length !== keyBytes) {
    throw new Error(
      `CREWD_SECRET_KEY: expected ${keyBytes} bytes encoded as base64 (generate one with: openssl rand -base64 32), got ${key.length} bytes`,
    );
  }
  return key;
}

function readOrCreateKeyFile(file: string): Buffer {
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh = randomBytes(keyBytes);
  // Write the whole key to a private temporary file, then link it into place: link() refuses an
  // existing name, so of two processes starting together exactly one key wins, and nobody can
  // read a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, fresh.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== keyBytes) {
    throw new Error(`${file}: expected ${keyBytes} bytes encoded as base64, got ${key.length} bytes; restore it from a backup or set CREWD_SECRET_KEY`);
  }
  return key;
}
