import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';

/** What Node's own HTTP parser refused, mapped to a status and the service's error code. */
function classify(error: NodeJS.ErrnoException): { status: number; code: string; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'request_header_fields_too_large', message: 'The request headers are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request did not arrive in time; send it again.' };
    default:
      return { status: 400, code: 'invalid_request', message: 'The request is not valid HTTP/1.1 (malformed start line, headers, Content-Length or chunked encoding).' };
  }
}

const reasons: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * The http.Server 'clientError' listener: what Node's parser refuses before any route runs (two
 * Content-Length headers, bad chunking, headers over the limit, a request slower than
 * `requestTimeout`) is answered in the spec's error shape and the connection closed, instead of
 * Node's bare status line.
 */
export function clientErrorHandler(logger: Logger) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    // A reset or a socket already written to has nobody to answer.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, code, message } = classify(error);
    logger.debug({ err: error, status }, 'client error');
    const text = JSON.stringify({ error: { code, message, details: { parser_code: error.code ?? null } } });
    socket.end(
      `HTTP/1.1 ${status} ${reasons[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  };
}
