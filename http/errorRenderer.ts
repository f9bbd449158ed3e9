import type { Logger } from 'pino';
import { ServiceError, errors } from '../runtime/errors.js';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/** What goes on the wire for an error: status, extra headers and the spec's error body. */
export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: { error: { code: string; message: string; details: Record<string, unknown> } };
}

/** Maps errors thrown by libraries (raw-body, koa, http-errors) onto the service's error codes. */
function normalise(error: unknown, bodyLimit: number): ServiceError | undefined {
  if (error instanceof ServiceError) return error;
  const http = error as HttpLikeError;
  const status = http?.status ?? http?.statusCode;
  if (http?.type === 'entity.too.large' || status === 413) return errors.payloadTooLarge(bodyLimit);
  if (http?.type === 'encoding.unsupported' || status === 415) return errors.unsupportedMediaType(undefined);
  // raw-body's `stream.not.readable`: the request stream was destroyed, the client left (issue 25).
  if (http?.type === 'request.aborted' || http?.type === 'stream.not.readable') return new ServiceError(400, 'request_aborted', 'The client closed the request before its body arrived.');
  if (typeof status === 'number' && status >= 400 && status < 500 && http.expose) {
    return new ServiceError(status, 'invalid_request', http.message ?? 'Bad request.');
  }
  return undefined;
}

/**
 * The one error renderer of the HTTP routes and the WebSocket stream's refusals (Koa's
 * `context.onerror` idea): an error whose `expose` is true reaches the client as it is; anything
 * else is logged with the request id and answered as a generic 500 `internal_error` that carries
 * only that id. A 5xx ServiceError that is exposed (503 while shutting down) is shown and logged
 * (a 503 at warn level).
 */
export function renderError(error: unknown, context: { logger: Logger; requestId?: string | undefined; bodyLimit?: number; where?: Record<string, unknown> }): RenderedError {
  const known = normalise(error, context.bodyLimit ?? 1024 * 1024);
  if (known && (known.expose || known.status === 503)) {
    // A 503 is the service shutting down (designed): a warning, not an error to act on.
    if (known.status === 503) context.logger.warn({ err: error, request_id: context.requestId, ...context.where }, 'request refused');
    else if (known.status >= 500) context.logger.error({ err: error, request_id: context.requestId, ...context.where }, 'request failed');
    return { status: known.status, headers: { ...known.headers }, body: { error: { code: known.code, message: known.message, details: known.details } } };
  }
  context.logger.error({ err: error, request_id: context.requestId, ...context.where }, 'unexpected error');
  return {
    status: 500,
    headers: {},
    body: {
      error: {
        code: 'internal_error',
        message: 'An internal error occurred. Quote the request id if you contact support.',
        details: context.requestId ? { request_id: context.requestId } : {},
      },
    },
  };
}
