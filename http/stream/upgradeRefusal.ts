import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { IdGenerator } from '../../runtime/ids.js';
import { renderError } from '../errorRenderer.js';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * Answers a refused upgrade as a real HTTP response in the spec's error body, rendered by the one
 * error renderer HTTP routes use (so `expose` is respected), with an X-Request-Id made as the HTTP
 * side makes them: a per-process prefix and a counter.
 */
export function createUpgradeRefusal(deps: { logger: Logger; ids?: IdGenerator }) {
  const requestPrefix = deps.ids?.id('req', 10);
  let refusals = 0;
  return function refuse(socket: Duplex, error: unknown, extraHeaders: Record<string, string> = {}): void {
    refusals += 1;
    const requestId = requestPrefix ? `${requestPrefix}u${refusals.toString(36)}` : undefined;
    const { status, headers: errorHeaders, body } = renderError(error, { logger: deps.logger, requestId, where: { component: 'stream upgrade' } });
    const headers = { ...extraHeaders, ...errorHeaders, ...(requestId ? { 'X-Request-Id': requestId } : {}) };
    const text = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${status} ${reasons[status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(text)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
    else socket.destroy();
  };
}
