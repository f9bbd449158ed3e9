import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries the signature (spec: Events, Signature). */
export const signatureHeader = 'X-Service-Signature';

const prefix = 'sha256=';
const digestHexLength = 64;

/**
 * `sha256=` + lower-case hex HMAC-SHA256 of the raw body, keyed with the webhook's secret.
 * Sign the exact bytes that are sent: re-serialising JSON would change them.
 */
export function signPayload(secret: string, rawBody: string | Buffer): string {
  return prefix + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * The `X-Service-Signature` value for a body: one `sha256=` value per secret, the current secret's
 * first, joined by `, ` (RFC 9110 list syntax, as a repeated header would be folded). Right after
 * a secret rotation there are two: the new secret's and, for 24 hours, the old one's, so a
 * receiver may switch secrets at any time in that window. Receivers split on commas and accept
 * the body when any value verifies.
 */
export function signatureHeaderValue(secrets: readonly string[], rawBody: string | Buffer): string {
  return secrets.map((secret) => signPayload(secret, rawBody)).join(', ');
}

/**
 * True when `header` is the signature of `rawBody`, or (a header with several values, after a
 * rotation) when one of its values is. The comparison takes the same time wherever
 * the first difference is, so a caller cannot learn the digest byte by byte.
 */
export function verifySignature(secret: string, rawBody: string | Buffer, header: string | undefined | null): boolean {
  if (typeof header !== 'string') return false;
  if (header.includes(',')) return header.split(',').some((value) => verifySignature(secret, rawBody, value.trim()));
  if (header.length !== prefix.length + digestHexLength) return false;
  const expected = Buffer.from(signPayload(secret, rawBody), 'utf8');
  const received = Buffer.from(header, 'utf8');
  // Non-ASCII characters take more than one byte, and timingSafeEqual throws on unequal lengths.
  return received.length === expected.length && timingSafeEqual(received, expected);
}
