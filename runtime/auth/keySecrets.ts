import { hash } from 'node:crypto';
import type { IdGenerator } from '../ids.js';

export const secretPrefix = 'crew_sk_';

/** A fresh key secret: `crew_sk_` + 40 random base62 characters (about 238 bits). */
export function newSecret(ids: IdGenerator): string {
  return secretPrefix + ids.secret(40);
}

/** SHA-256 hex of a secret: what is stored and what every request's key is looked up by. */
export function hashSecret(secret: string): string {
  // The one-shot form: no Hash object per request.
  return hash('sha256', secret, 'hex');
}

/** What a listing shows of a secret so a person can tell keys apart: `crew_sk_Ab12…`. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, secretPrefix.length + 4);
}
