import type { AuthenticatedKey, KeyService } from '../runtime/auth/keyService.js';
import { errors, type ServiceError } from '../runtime/errors.js';

/** Why a request carries no usable key: `details.reason` of its 401. */
export type AuthFailure = 'missing_authorization_header' | 'invalid_authorization_header' | 'api_key_invalid' | 'api_key_expired' | 'api_key_revoked';

const messages: Record<AuthFailure, string> = {
  missing_authorization_header: 'Missing Authorization header: send Authorization: Bearer <API_KEY>.',
  invalid_authorization_header: 'The Authorization header must be "Bearer <API_KEY>".',
  api_key_invalid: 'The API key is not valid.',
  api_key_expired: 'The API key has expired.',
  api_key_revoked: 'The API key has been revoked.',
};

// Auth schemes are case-insensitive (RFC 9110 section 11.1): `bearer`, `BEARER` and `Bearer` alike.
const bearerPattern = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Reads `Authorization: Bearer <API_KEY>` and verifies the key: the one bearer check of the HTTP
 * routes and the WebSocket stream. Never throws for a bad key; the caller decides when to refuse
 * (the rate limiter counts a request before its 401).
 */
export async function authenticateBearer(keys: KeyService, header: string | undefined): Promise<{ key: AuthenticatedKey } | { failure: AuthFailure }> {
  if (!header) return { failure: 'missing_authorization_header' };
  const match = bearerPattern.exec(header);
  if (!match?.[1]) return { failure: 'invalid_authorization_header' };
  const result = await keys.verify(match[1]);
  return result.ok ? { key: result.key } : { failure: result.reason };
}

/** The 401 for a failure, with the message every entry point shows. */
export function unauthorizedError(failure: string | undefined): ServiceError {
  const reason = (failure ?? 'api_key_invalid') as AuthFailure;
  return errors.unauthorized(reason, messages[reason] ?? messages.api_key_invalid);
}
