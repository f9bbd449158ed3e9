import type { Logger } from 'pino';
import type { RequestContext } from '../context.js';

/**
 * One JSON line per request, written when the request ends (`ms` since `started`, a
 * performance.now() reading), through pino's API: the logger's serializers and redaction apply
 * to it like to every other line (issue 28: no write past them to pino's stream). Never logs
 * headers or bodies, so no secret reaches a log. `key_id` is left out for an anonymous request.
 */
export function accessLogWriter(logger: Logger): (ctx: RequestContext, started: number, ended: number) => void {
  return (ctx, started, ended) => {
    if (!logger.isLevelEnabled('info')) return;
    const ms = Math.round((ended - started) * 10) / 10;
    const keyId = ctx.state.auth?.keyId;
    const line =
      keyId === undefined
        ? { request_id: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms }
        : { request_id: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms, key_id: keyId };
    logger.info(line, 'request');
  };
}
