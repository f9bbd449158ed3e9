import type { Logger } from 'pino';
import type { RequestContext } from '../context.js';
import { renderError } from '../errorRenderer.js';

/**
 * Turns a failure into the spec's error body `{error: {code, message, details}}` through the one
 * renderer (http/errorRenderer.ts). Headers already set (X-RateLimit-*, X-Request-Id) stay on the
 * error response.
 */
export function errorResponder(logger: Logger, bodyLimit: number): (ctx: RequestContext, error: unknown) => void {
  return (ctx, error) => {
    const rendered = renderError(error, { logger, requestId: ctx.state.requestId, bodyLimit, where: { method: ctx.method, path: ctx.path } });
    ctx.status = rendered.status;
    for (const [name, value] of Object.entries(rendered.headers)) ctx.set(name, value);
    // The unread rest of an oversized or aborted body must not hold the connection open.
    if (rendered.status === 413 || rendered.body.error.code === 'request_aborted') ctx.set('Connection', 'close');
    ctx.body = rendered.body;
  };
}
