import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';
import { symbols, type Logger } from 'pino';
import type { AppState } from '../context.js';

/** pino's own level number for `info`, as it writes it. */
const infoLevel = 30;

/**
 * One JSON line per request. Never logs headers or bodies, so no secret reaches a log.
 *
 * The line is the one pino would write for `logger.info({request_id, method, path, status, ms,
 * key_id}, 'request')` — same fields, order and bindings (pino's serialized chindings) — built
 * directly and handed to the logger's destination: the request path's hottest log line skips
 * pino's generic object walk and redaction (its fields are never secret). Only the client's path
 * needs escaping. Other log lines still go through pino.
 */
export function accessLog(logger: Logger): Middleware<AppState> {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[symbols.streamSym] as { write(line: string): unknown } | undefined;
  const chindings = internals[symbols.chindingsSym];
  const direct = stream !== undefined && typeof chindings === 'string' && typeof stream.write === 'function';
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        const keyId = ctx.state.auth?.keyId;
        if (direct) {
          stream.write(
            `{"level":${infoLevel},"time":${Date.now()}${chindings as string},"request_id":${JSON.stringify(ctx.state.requestId)},"method":${JSON.stringify(ctx.method)},"path":${JSON.stringify(ctx.path)},"status":${ctx.status},"ms":${ms}${keyId === undefined ? '' : `,"key_id":${JSON.stringify(keyId)}`},"msg":"request"}\n`,
          );
        } else {
          logger.info({ request_id: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms, key_id: keyId }, 'request');
        }
      }
    }
  };
}
