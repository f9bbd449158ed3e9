import { createHash } from 'node:crypto';
import type { IdGenerator } from '../ids.js';

export const secretPrefix = 'crew_sk_';

/** A fresh key secret: `crew_sk_` + 40 random base62 characters (about 238 bits). */
export function newSecret(ids: IdGenerator): string {
  return secretPrefix + ids.secret(40);
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** What a listing shows of a secret so a person can tell keys apart: `crew_sk_Ab12…`. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, secretPrefix.length + 4);
}
