import { ConfigError } from '../configError.js';
import type { SecretKeyCheckRepository } from '../../storage/repositories/secretKeyCheck.js';
import type { SecretCipher } from './cipher.js';

const marker = 'crewd secrets key check v1';

/**
 * One secrets key per database (scale-out): the first process to start writes a value sealed
 * with its key; a process whose key cannot open it refuses to start with one line naming
 * CREWD_SECRET_KEY, instead of failing later on every webhook signature and integration token.
 */
export async function checkSecretKey(repo: SecretKeyCheckRepository, cipher: SecretCipher, now: string): Promise<void> {
  const stored = await repo.ensure(cipher.encrypt(marker), now);
  let opened: string | undefined;
  try {
    opened = cipher.decrypt(stored);
  } catch {
    opened = undefined;
  }
  if (opened !== marker) {
    throw new ConfigError('CREWD_SECRET_KEY', 'this key does not match the one the database\'s secrets were written with; give every process on one database the same CREWD_SECRET_KEY');
  }
}
