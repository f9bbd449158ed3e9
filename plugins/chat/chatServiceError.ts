/**
 * A failure of a chat endpoint as its HTTP caller sees it, in the spec's error shape (status,
 * code, message, details, headers). The composition root turns it into the service's own error
 * type, so the plugin needs nothing of the runtime's. `expose`: the message may be shown (true
 * for every 4xx, and for the upstream failure 502, which names the chat tool and no internals).
 */
export class ChatServiceError extends Error {
  readonly expose: boolean;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ChatServiceError';
    this.expose = status < 500 || status === 502;
  }
}

/** The spec's 404 for something the workspace does not have. */
export function notFound(what: string, details: Record<string, unknown> = {}): ChatServiceError {
  return new ChatServiceError(404, 'not_found', `${what} was not found.`, details);
}

/** The spec's 400 naming the field at fault. */
export function invalidRequest(message: string, details: Record<string, unknown>): ChatServiceError {
  return new ChatServiceError(400, 'invalid_request', message, details);
}
