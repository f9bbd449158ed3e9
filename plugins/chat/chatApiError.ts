/**
 * A chat Web API failure, classified where it is thrown:
 * - `auth`: the token is invalid, revoked or expired (HTTP 401 for the caller).
 * - `forbidden`: no access to the channel, or the token lacks a scope (403).
 * - `rate_limited`: a 429 the caller must wait out (429 with Retry-After); inside a sync the
 *   client waits instead and this never surfaces.
 * - `not_found`: a thread, file or message that is not there.
 * - `failed`: anything else (network, 5xx, an unexpected answer): an internal fault.
 */
export type ChatApiErrorKind = 'auth' | 'forbidden' | 'rate_limited' | 'not_found' | 'failed';

export class ChatApiError extends Error {
  constructor(
    readonly kind: ChatApiErrorKind,
    /** The chat API's error string (`invalid_auth`, `missing_scope`, ...) or a transport code. */
    readonly chatError: string,
    message: string,
    readonly extra: { retryAfterSeconds?: number; needed?: string; provided?: string[]; channel?: string } = {},
  ) {
    super(message);
    this.name = 'ChatApiError';
  }
}

const authErrors = new Set(['invalid_auth', 'not_authed', 'token_expired', 'token_revoked', 'account_inactive', 'no_permission_token', 'invalid_token']);
const forbiddenErrors = new Set([
  'missing_scope',
  'not_in_channel',
  'channel_not_found',
  'method_not_supported_for_channel_type',
  'is_archived',
  'restricted_action',
  'not_allowed_token_type',
  'access_denied',
  'ekm_access_denied',
]);
const notFoundErrors = new Set(['thread_not_found', 'file_not_found', 'message_not_found', 'file_deleted']);

/** Classifies a chat API error string. */
export function chatErrorKind(error: string): ChatApiErrorKind {
  if (authErrors.has(error)) return 'auth';
  if (forbiddenErrors.has(error)) return 'forbidden';
  if (notFoundErrors.has(error)) return 'not_found';
  if (error === 'ratelimited' || error === 'rate_limited') return 'rate_limited';
  return 'failed';
}

/** True for errors meaning "the bot cannot read this channel" (both are treated as no access). */
export function isNoAccess(error: unknown): boolean {
  return error instanceof ChatApiError && (error.chatError === 'not_in_channel' || error.chatError === 'channel_not_found');
}
