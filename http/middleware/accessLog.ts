import type { Logger } from 'pino';
import { symbols } from 'pino';
import type { RequestContext } from '../context.js';

/** pino's own level number for `info`, as it writes it. */
const infoLevel = 30;
/** Characters JSON.stringify writes as they are: such a string is quoted without a scan-and-copy. */
const plainJson = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function quote(value: string): string {
  return plainJson.test(value) ? `"${value}"` : JSON.stringify(value);
}

/**
 * One JSON line per request, written when the request ends (`ms` since `started`, a
 * performance.now() reading). Never logs headers or bodies, so no secret reaches a log.
 *
 * The line is the one pino would write for `logger.info({request_id, method, path, status, ms,
 * key_id}, 'request')` — same fields, order and bindings (pino's serialized chindings) — built
 * directly and handed to the logger's destination: the request path's hottest log line skips
 * pino's generic object walk and redaction (its fields are never secret). Only the client's path
 * may need escaping. Other log lines still go through pino.
 */
export function accessLogWriter(logger: Logger): (ctx: RequestContext, started: number, ended: number) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[symbols.streamSym] as { write(line: string): unknown } | undefined;
  const chindings = internals[symbols.chindingsSym];
  const direct = stream !== undefined && typeof chindings === 'string' && typeof stream.write === 'function';
  return (ctx, started, ended) => {
    if (!logger.isLevelEnabled('info')) return;
    const ms = Math.round((ended - started) * 10) / 10;
    const keyId = ctx.state.auth?.keyId;
    if (direct) {
      stream.write(
        `{"level":${infoLevel},"time":${Date.now()}${chindings as string},"request_id":${quote(ctx.state.requestId)},"method":${quote(ctx.method)},"path":${quote(ctx.path)},"status":${ctx.status},"ms":${ms}${keyId === undefined ? '' : `,"key_id":${quote(keyId)}`},"msg":"request"}\n`,
      );
    } else {
      logger.info({ request_id: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms, key_id: keyId }, 'request');
    }
  };
}
