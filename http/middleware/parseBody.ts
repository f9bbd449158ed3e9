import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { errors } from '../../runtime/errors.js';
import type { AppState } from '../context.js';

/**
 * Reads a JSON body up to `limit` bytes (413 beyond), refusing other media types (415) and bad JSON
 * (400 invalid_json). A request without a body reads as undefined.
 */
export function parseBody(limit: number): Middleware<AppState> {
  return async (ctx, next) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    const length = ctx.get('Content-Length');
    const hasBody = (length !== '' && length !== '0') || ctx.get('Transfer-Encoding') !== '';
    if (!hasBody) return next();
    if (!ctx.is('application/json')) throw errors.unsupportedMediaType(ctx.get('Content-Type') || undefined);
    const text = await getRawBody(ctx.req, { limit, length: length || undefined, encoding: 'utf8' });
    if (text.trim() === '') return next();
    try {
      ctx.state.body = JSON.parse(text);
    } catch (error) {
      throw errors.invalidJson(`The request body is not valid JSON: ${(error as Error).message}`);
    }
    await next();
  };
}
