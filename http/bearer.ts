import type { AuthenticatedKey, KeyService } from '../runtime/auth/keyService.js';
import { errors, type ServiceError } from '../runtime/errors.js';

/** Why a request carries no usable key: `details.reason` of its 401. */
export type AuthFailure = 'missing_authorization_header' | 'invalid_authorization_header' | 'api_key_invalid' | 'api_key_expired' | 'api_key_revoked' | 'access_token_invalid';

const messages: Record<AuthFailure, string> = {
  missing_authorization_header: 'Missing Authorization header: send Authorization: Bearer <API_KEY>.',
  invalid_authorization_header: 'The Authorization header must be "Bearer <API_KEY>".',
  api_key_invalid: 'The API key is not valid.',
  api_key_expired: 'The API key has expired.',
  api_key_revoked: 'The API key has been revoked.',
  access_token_invalid: 'The OAuth access token is not valid here, has expired or was revoked: refresh it or authorize again.',
};

// Auth schemes are case-insensitive (RFC 9110 section 11.1): `bearer`, `BEARER` and `Bearer` alike.
const bearerPattern = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Reads `Authorization: Bearer <API_KEY>` and verifies the key: the one bearer check of the HTTP
 * routes and the WebSocket stream. Never throws for a bad key; the caller decides when to refuse
 * (the rate limiter counts a request before its 401).
 */
export async function authenticateBearer(keys: KeyService, header: string | undefined): Promise<{ key: AuthenticatedKey } | { failure: AuthFailure }> {
  const known = authenticateBearerCached(keys, header);
  if (known) return known.ok ? { key: known.key } : { failure: known.reason };
  const result = await keys.verify(secretOf(header!)!);
  return result.ok ? { key: result.key } : { failure: result.reason };
}

/** The bearer secret of a header, or undefined when the header is not `Bearer <secret>`. */
export function secretOf(header: string): string | undefined {
  return bearerPattern.exec(header)?.[1] || undefined;
}

/**
 * `authenticateBearer` without a promise when the verdict needs no database read (no or a malformed
 * header, or a key whose verdict is cached: the request path's usual case); undefined otherwise,
 * and the caller awaits `authenticateBearer`.
 */
export function authenticateBearerCached(keys: KeyService, header: string | undefined): { ok: true; key: AuthenticatedKey } | { ok: false; reason: AuthFailure } | undefined {
  if (!header) return { ok: false, reason: 'missing_authorization_header' };
  const secret = secretOf(header);
  if (!secret) return { ok: false, reason: 'invalid_authorization_header' };
  return keys.verifyCached(secret);
}

/** The 401 for a failure, with the message every entry point shows. */
export function unauthorizedError(failure: string | undefined): ServiceError {
  const reason = (failure ?? 'api_key_invalid') as AuthFailure;
  return errors.unauthorized(reason, messages[reason] ?? messages.api_key_invalid);
}
