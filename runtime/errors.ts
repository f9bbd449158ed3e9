/**
 * The one error type of the service. `expose` errors reach the client as the spec's error body
 * `{error: {code, message, details}}`; anything else is logged and answered as a generic 500.
 * Every 4xx is exposed; a 5xx only when its maker says the message names no internals (`expose`,
 * e.g. a vendor outage answered as 502).
 */
export class ServiceError extends Error {
  readonly expose: boolean;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    expose: boolean = status < 500,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.expose = status < 500 || expose;
  }
}

export const errors = {
  invalidRequest: (message: string, details: Record<string, unknown>) => new ServiceError(400, 'invalid_request', message, details),
  invalidJson: (message: string) => new ServiceError(400, 'invalid_json', message, {}),
  unauthorized: (reason: string, message = 'A valid API key is required: send Authorization: Bearer <API_KEY>.') =>
    new ServiceError(401, 'unauthorized', message, { reason }),
  forbidden: (required: string, provided: string[]) =>
    new ServiceError(403, 'forbidden', `This API key lacks the ${required} permission.`, {
      required_permission: required,
      provided_permissions: provided,
    }),
  notFound: (what: string, details: Record<string, unknown> = {}) => new ServiceError(404, 'not_found', `${what} was not found.`, details),
  conflict: (code: string, message: string, details: Record<string, unknown> = {}) => new ServiceError(409, code, message, details),
  payloadTooLarge: (limit: number) =>
    new ServiceError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`, { limit_bytes: limit }),
  unsupportedMediaType: (got: string | undefined) =>
    new ServiceError(415, 'unsupported_media_type', 'Send JSON bodies with Content-Type: application/json.', {
      content_type: got ?? null,
    }),
  rateLimited: (retryAfterSeconds: number, limit: number) =>
    new ServiceError(
      429,
      'rate_limited',
      `Rate limit of ${limit} requests per minute exceeded; retry after ${retryAfterSeconds} s.`,
      { limit, retry_after_seconds: retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
};
