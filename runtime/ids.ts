import { randomBytes, randomUUID } from 'node:crypto';

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
