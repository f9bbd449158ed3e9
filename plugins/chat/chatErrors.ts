import type { PluginErrors } from '../contract.js';
import { ChatApiError } from './chatApiError.js';

/**
 * The chat endpoints' failures in the spec's error shape, made with the service's own error class
 * (`PluginHost.errors`): the plugin keeps no error type of its own.
 */
export interface ChatErrors {
  /** The spec's 404 for something the workspace does not have. */
  notFound(what: string, details?: Record<string, unknown>): Error;
  /** The spec's 400 naming the field at fault. */
  invalidRequest(message: string, details: Record<string, unknown>): Error;
  /** A chat API failure as the HTTP caller sees it. */
  fromApi(error: ChatApiError): Error;
  /** Runs `work`, turning chat API failures into service errors. */
  asService<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Spec: chat endpoints answer 401 for an expired or invalid token, 403 for missing channel
 * permission, 429 for too many requests; an upstream failure is a 502 whose message may be shown
 * (it names the chat tool and no internals).
 */
export function chatErrors(errors: PluginErrors): ChatErrors {
  const notFound = (what: string, details: Record<string, unknown> = {}) => errors.create(404, 'not_found', `${what} was not found.`, details);
  function fromApi(error: ChatApiError): Error {
    switch (error.kind) {
      case 'auth':
        return errors.create(401, 'unauthorized', error.chatError === 'token_expired' ? 'The chat token has expired; reconnect the chat tool.' : 'The chat token is invalid or revoked.', {
          reason: error.chatError === 'token_expired' ? 'chat_token_expired' : 'chat_token_invalid',
          chat_error: error.chatError,
        });
      case 'forbidden':
        return errors.create(
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
        return errors.create(429, 'rate_limited', `The chat tool is rate limiting this token; retry after ${seconds} s.`, { retry_after_seconds: seconds, source: 'chat_api' }, { headers: { 'Retry-After': String(seconds) } });
      }
      case 'not_found':
        return notFound(`The chat ${error.chatError.replace(/_not_found$/, '')}`, { chat_error: error.chatError });
      default:
        // The chat tool's API failed or could not be reached: a gateway failure the caller can retry,
        // not an internal fault of this service.
        return errors.create(502, 'chat_api_unavailable', `The chat tool's Web API failed (${error.chatError}); retry later.`, { chat_error: error.chatError }, { expose: true });
    }
  }
  return {
    notFound,
    invalidRequest: (message, details) => errors.create(400, 'invalid_request', message, details),
    fromApi,
    async asService(work) {
      try {
        return await work();
      } catch (error) {
        if (error instanceof ChatApiError) throw fromApi(error);
        throw error;
      }
    },
  };
}
