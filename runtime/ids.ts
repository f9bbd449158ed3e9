import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from './clock.js';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Identifier and secret generation, injected so tests can make them predictable. */
export interface IdGenerator {
  /** `<prefix>_<random base62>`, e.g. id('out') -> out_3fK9... */
  id(prefix: string, length?: number): string;
  uuid(): string;
  /** Random base62 text for secrets. */
  secret(length: number): string;
}

function base62(length: number): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

export const randomIds: IdGenerator = {
  id: (prefix, length = 20) => `${prefix}_${base62(length)}`,
  uuid: () => randomUUID(),
  secret: (length) => base62(length),
};

/** Characters of an id's time part: 62^8 milliseconds reach the year 8900. */
const timeChars = 8;
/** Random characters an id keeps at least after its time part (71 bits at 12). */
const minRandomChars = 12;

/** `ms` in base62, `timeChars` wide, most significant first: the text sorts as the number does (0-9 < A-Z < a-z in bytes). */
function base62Time(ms: number): string {
  let out = '';
  let rest = Math.max(0, Math.floor(ms));
  for (let i = 0; i < timeChars; i += 1) {
    out = alphabet[rest % 62]! + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/**
 * Ids whose first characters are the creation time (ms, base62) and the rest random, for ids of
 * at least 20 characters (an outcome's, a webhook's, a delivery's); shorter ones stay all random.
 * Rows are inserted in id order, so each table's and index's new keys land on its last pages: the
 * random ids of before scattered every commit's outcomes over as many B-tree pages (each written
 * whole to SQLite's WAL and Postgres's), and the events' ids and (outcome, sequence) keys, which
 * derive from the outcome's id, with them. The id stays opaque to clients (spec: `out_<id>`) and
 * unguessable (12 random characters); sorted, ids follow creation time across processes as far as
 * their clocks agree.
 */
export function timeOrderedIds(clock: Clock): IdGenerator {
  return {
    id: (prefix, length = 20) => (length - timeChars < minRandomChars ? randomIds.id(prefix, length) : `${prefix}_${base62Time(clock.now().getTime())}${base62(length - timeChars)}`),
    uuid: randomIds.uuid,
    secret: randomIds.secret,
  };
}
