import { ChatApiError } from './chatApiError.js';
import { ChatServiceError, notFound } from './chatServiceError.js';

/**
 * A chat API failure as the HTTP caller sees it (spec: chat endpoints answer 401 for an expired or
 * invalid token, 403 for missing channel permission, 429 for too many requests, 500 otherwise).
 */
export function chatServiceError(error: ChatApiError): ChatServiceError {
  switch (error.kind) {
    case 'auth':
      return new ChatServiceError(401, 'unauthorized', error.chatError === 'token_expired' ? 'The chat token has expired; reconnect the chat tool.' : 'The chat token is invalid or revoked.', {
        reason: error.chatError === 'token_expired' ? 'chat_token_expired' : 'chat_token_invalid',
        chat_error: error.chatError,
      });
    case 'forbidden':
      return new ChatServiceError(
        403,
        'forbidden',
        error.chatError === 'missing_scope'
          ? `The chat token lacks the ${error.extra.needed ?? 'needed'} scope.`
          : `The chat bot has no access to channel ${error.extra.channel ?? ''}`.trim() + '.',
        {
          reason: error.chatError === 'missing_scope' ? 'chat_missing_scope' : 'chat_channel_forbidden',
          required_permission: error.extra.needed ?? 'channel_access',
          provided_permissions: error.extra.provided ?? [],
          chat_error: error.chatError,
          ...(error.extra.channel ? { channel: error.extra.channel } : {}),
        },
      );
    case 'rate_limited': {
      const seconds = Math.max(1, Math.ceil(error.extra.retryAfterSeconds ?? 1));
      return new ChatServiceError(429, 'rate_limited', `The chat tool is rate limiting this token; retry after ${seconds} s.`, { retry_after_seconds: seconds, source: 'chat_api' }, { 'Retry-After': String(seconds) });
    }
    case 'not_found':
      return notFound(`The chat ${error.chatError.replace(/_not_found$/, '')}`, { chat_error: error.chatError });
    default: {
      // The chat tool's API failed or could not be reached: a gateway failure the caller can retry,
      // not an internal fault of this service.
      return new ChatServiceError(502, 'chat_api_unavailable', `The chat tool's Web API failed (${error.chatError}); retry later.`, { chat_error: error.chatError });
    }
  }
}

/** Runs `work`, turning chat API failures into service errors. */
export async function asService<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ChatApiError) throw chatServiceError(error);
    throw error;
  }
}
