import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { ServiceError, errors } from '../../runtime/errors.js';
import type { RequestContext } from '../context.js';
import { findInputViolation, inputViolationError } from '../inputRules.js';

/** An oversized body is read and dropped up to this many times the limit; beyond, the connection is cut. */
const drainFactor = 16;

/** Reads and drops what is left of `req`, up to `maxBytes`; resolves when it ended or the bound was hit. */
function drain(req: IncomingMessage, maxBytes: number): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    let seen = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', done);
      req.off('error', done);
      req.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('error', done);
    req.once('close', done);
    req.resume();
  });
}

/**
 * Reads a JSON body up to `limit` bytes (413 beyond), refusing other media types and any
 * Content-Encoding but identity (415: the body would otherwise be parsed as if it were plain), bad
 * JSON (400 invalid_json), and input that breaks the rules of http/inputRules.ts (400
 * invalid_request naming the field) — in the query too. A request without a body reads as undefined.
 * Runs before the idempotency middleware, so a refused body never reaches its fingerprint.
 */
export function bodyReader(limit: number): (ctx: RequestContext) => void | Promise<void> {
  // Requests without a body return no promise.
  return (ctx) => {
    if (ctx.querystring !== '') {
      const violation = findInputViolation(ctx.query);
      if (violation) throw inputViolationError(violation, 'query');
    }
    if (!bodyMethods.has(ctx.method)) return;
    return readBody(ctx);
  };

  async function readBody(ctx: RequestContext): Promise<void> {
    const length = ctx.get('Content-Length');
    const hasBody = (length !== '' && length !== '0') || ctx.get('Transfer-Encoding') !== '';
    if (!hasBody) return;
    if (!ctx.is('application/json')) throw errors.unsupportedMediaType(ctx.get('Content-Type') || undefined);
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') {
      throw new ServiceError(415, 'unsupported_media_type', `Content-Encoding '${encoding}' is not accepted; send the JSON body uncompressed.`, {
        content_encoding: encoding,
        accepted: ['identity'],
      });
    }
    let text: string;
    try {
      text = await getRawBody(ctx.req, { limit, length: length || undefined, encoding: 'utf8' });
    } catch (error) {
      // Read (and drop) the rest of an oversized body before answering: a client that sends its
      // whole body before reading (fetch) otherwise meets a closed socket (EPIPE) instead of the 413.
      if ((error as { status?: number }).status === 413) await drain(ctx.req, limit * drainFactor);
      throw error;
    }
    if (text.trim() === '') return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw errors.invalidJson(`The request body is not valid JSON: ${(error as Error).message}`);
    }
    const violation = findInputViolation(body);
    if (violation) throw inputViolationError(violation, 'body');
    ctx.state.body = body;
  }
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
