import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Decision } from '../../machines/approvals.js';

/** What a signed approval link says: this action, this decision, valid until `expiresAt`. */
export interface LinkClaims {
  actionId: string;
  decision: Decision;
  expiresAt: string;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/**
 * Single-use approval links (issue 27): `<claims>.<HMAC-SHA256>` under a key derived from the
 * service's secret key (never the key itself). A token is bound to one action, one decision and
 * the action's expiry; only its SHA-256 is stored (on the action row), and a link is used once:
 * the action it names is decided by it, after which every link of that action answers 4xx.
 * Deterministic: the same action always signs to the same token, so a restored wait or another
 * process mints the links its webhook carries without storing them.
 */
export function createApprovalLinks(secretKey: Buffer): ApprovalLinks {
  const key = createHmac('sha256', secretKey).update('crewd approval links v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    sign(claims: LinkClaims): string {
      const body = b64(Buffer.from(JSON.stringify({ a: claims.actionId, d: claims.decision, e: claims.expiresAt })));
      return `${body}.${b64(mac(body))}`;
    },
    /** The claims of a token this service signed; null for anything else (forged, altered, malformed). */
    verify(token: string): LinkClaims | null {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined || token.length > 1000) return null;
      // Compared as text: base64url decoding ignores a final character's spare bits, so another
      // spelling of the same bytes would pass a comparison of the decoded signature.
      const expected = Buffer.from(b64(mac(body)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { a?: unknown; d?: unknown; e?: unknown };
        if (typeof parsed.a !== 'string' || (parsed.d !== 'approve' && parsed.d !== 'reject') || typeof parsed.e !== 'string') return null;
        return { actionId: parsed.a, decision: parsed.d, expiresAt: parsed.e };
      } catch {
        return null;
      }
    },
    /** The stored form of a token. */
    hash(token: string): string {
      return createHash('sha256').update(token).digest('hex');
    },
  };
}

export interface ApprovalLinks {
  sign(claims: LinkClaims): string;
  /** The claims of a token this service signed; null for anything else (forged, altered, malformed). */
  verify(token: string): LinkClaims | null;
  /** The stored form of a token. */
  hash(token: string): string;
}
