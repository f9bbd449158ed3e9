import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { ServiceError, errors } from '../../runtime/errors.js';
import type { AppState } from '../context.js';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/** Maps errors thrown by libraries (raw-body, koa) onto the service's error codes. */
function normalise(error: unknown, bodyLimit: number): ServiceError | undefined {
  if (error instanceof ServiceError) return error;
  const http = error as HttpLikeError;
  const status = http?.status ?? http?.statusCode;
  if (http?.type === 'entity.too.large' || status === 413) return errors.payloadTooLarge(bodyLimit);
  if (http?.type === 'encoding.unsupported' || status === 415) return errors.unsupportedMediaType(undefined);
  if (http?.type === 'request.aborted') return new ServiceError(400, 'request_aborted', 'The client closed the request before its body arrived.');
  if (typeof status === 'number' && status >= 400 && status < 500 && http.expose) {
    return new ServiceError(status, 'invalid_request', http.message ?? 'Bad request.');
  }
  return undefined;
}

/**
 * Turns every failure into the spec's error body `{error: {code, message, details}}`. Exposed errors
 * reach the client; anything else is logged with the request id and answered as a bare 500.
 * Headers already set (X-RateLimit-*, X-Request-Id) stay on the error response.
 */
export function errorHandler(logger: Logger, bodyLimit: number): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw errors.notFound(`Route ${ctx.method} ${ctx.path}`, { method: ctx.method, path: ctx.path });
      }
    } catch (error) {
      const known = normalise(error, bodyLimit);
      if (known) {
        ctx.status = known.status;
        for (const [name, value] of Object.entries(known.headers)) ctx.set(name, value);
        // The unread rest of an oversized or aborted body must not hold the connection open.
        if (known.status === 413 || known.code === 'request_aborted') ctx.set('Connection', 'close');
        ctx.body = { error: { code: known.code, message: known.message, details: known.details } };
        if (known.status >= 500) logger.error({ err: error, request_id: ctx.state.requestId }, 'request failed');
        return;
      }
      logger.error({ err: error, request_id: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'unexpected error');
      ctx.status = 500;
      ctx.body = {
        error: {
          code: 'internal_error',
          message: 'An internal error occurred. Quote the request id if you contact support.',
          details: { request_id: ctx.state.requestId },
        },
      };
    }
  };
}
