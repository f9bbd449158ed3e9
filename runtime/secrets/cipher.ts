import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Encrypts secrets (webhook signing secrets, integration tokens) before they reach storage. */
export interface SecretCipher {
  /** Returns a self-describing token `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
  encrypt(plain: string): string;
  /** Inverse of encrypt; throws on a wrong key, an unknown version or any tampered part. */
  decrypt(token: string): string;
}

const version = 'v1';
const algorithm = 'aes-256-gcm';
// 96-bit nonces are what GCM is specified for; other lengths get hashed into one (NIST SP 800-38D).
const ivBytes = 12;
const tagBytes = 16;

/**
 * AES-256-GCM with a fresh random nonce per call. The version prefix lets a later release change
 * the algorithm or rotate keys while still reading tokens written today.
 */
export function createCipher(key: Buffer): SecretCipher {
  if (key.length !== 32) throw new Error(`secret key must be 32 bytes, got ${key.length}`);
  // Copy so a caller that reuses or zeroes its buffer cannot change the key under us.
  const ownKey = Buffer.from(key);
  return {
    encrypt(plain) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv(algorithm, ownKey, iv, { authTagLength: tagBytes });
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [version, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt(token) {
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== version) throw new Error('not a v1 secret token');
      const [, ivPart, tagPart, dataPart] = parts as [string, string, string, string];
      const iv = Buffer.from(ivPart, 'base64url');
      const tag = Buffer.from(tagPart, 'base64url');
      // Node accepts short tags unless told otherwise; a truncated tag would weaken authentication.
      if (iv.length !== ivBytes || tag.length !== tagBytes) throw new Error('malformed secret token');
      const decipher = createDecipheriv(algorithm, ownKey, iv, { authTagLength: tagBytes });
      decipher.setAuthTag(tag);
      // final() throws "Unsupported state or unable to authenticate data" when anything was altered.
      return Buffer.concat([decipher.update(Buffer.from(dataPart, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
