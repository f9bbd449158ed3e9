import { performance } from 'node:perf_hooks';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { KeyService } from '../../runtime/auth/keyService.js';
import { errors, ServiceError } from '../../runtime/errors.js';
import type { IdGenerator } from '../../runtime/ids.js';
import type { Metrics } from '../../runtime/metrics/createMetrics.js';
import type { RateLimiter } from '../../runtime/rateLimiter.js';
import type { AppState, RequestContext } from '../context.js';
import { accessLogWriter } from './accessLog.js';
import { authenticator, type BearerTokens } from './authenticate.js';
import { errorResponder } from './errorHandler.js';
import { requestMetricsRecorder } from './metrics.js';
import { bodyReader } from './parseBody.js';
import { rateLimiting } from './rateLimit.js';
import { requestIds } from './requestId.js';
import { keyRequirement } from './requireKey.js';

export interface RequestPipelineOptions {
  ids: IdGenerator;
  logger: Logger;
  metrics?: Metrics | undefined;
  keys: KeyService;
  rateLimiter: RateLimiter;
  /** Requests per minute of a client address without a valid key. */
  anonymousLimit: number;
  /** Paths whose requests carry the address bucket's headers but are never counted or refused. */
  probes: Set<string>;
  /** Paths that need no key. */
  publicPaths: Set<string>;
  bodyLimit: number;
  /** OAuth access tokens accepted besides API keys (crewd's authorization server for /mcp). */
  tokens?: BearerTokens | undefined;
  /** The `WWW-Authenticate` value of a 401, when the path has one. */
  challenge?: ((ctx: RequestContext) => string | undefined) | undefined;
}

/** HTTP/1.1 requires Host (RFC 9112 section 3.2): a request without one is a 400 in the error shape. */
function requireHost(ctx: RequestContext): void {
  if (!ctx.get('Host') && ctx.req.httpVersion !== '1.0') {
    throw new ServiceError(400, 'invalid_request', 'The request has no Host header; HTTP/1.1 requires one.', { field: 'Host', reason: 'required' });
  }
}

/**
 * Everything every request goes through before the routes, as one Koa layer, in this order:
 * request id (X-Request-Id), access log line and metrics (after the answer, with its final
 * status), the error renderer (every failure below, and 404 for a request no route answered),
 * the Host check, authentication, the rate limit (X-RateLimit-*, 429), the key requirement (401
 * off the public paths), and the query's input rules and the JSON body (parseBody.ts).
 *
 * One layer rather than one per step: a Koa layer costs a bound `next`, a promise and an async
 * frame per request, and the steps return a promise only when they must wait (a key or a body not
 * yet read, a rate-limit store outside the process), so a request with a known key and no body
 * runs them all synchronously. Each step keeps its contract in its own file.
 */
export function requestPipeline(options: RequestPipelineOptions): Middleware<AppState> {
  const nextId = requestIds(options.ids);
  const writeAccessLog = accessLogWriter(options.logger);
  const recordMetrics = options.metrics ? requestMetricsRecorder(options.metrics) : undefined;
  const respondWithError = errorResponder(options.logger, options.bodyLimit);
  const authenticate = authenticator(options.keys, options.tokens);
  const rateLimit = rateLimiting(options.rateLimiter, options.anonymousLimit, options.probes);
  const requireKey = keyRequirement(options.publicPaths, options.challenge);
  const readBody = bodyReader(options.bodyLimit);

  return async (ctx, next) => {
    const started = performance.now();
    const requestId = nextId();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      requireHost(ctx);
      const authenticating = authenticate(ctx);
      if (authenticating) await authenticating;
      const limiting = rateLimit(ctx);
      if (limiting) await limiting;
      requireKey(ctx);
      const reading = readBody(ctx);
      if (reading) await reading;
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw errors.notFound(`Route ${ctx.method} ${ctx.path}`, { method: ctx.method, path: ctx.path });
      }
    } catch (error) {
      respondWithError(ctx, error);
    } finally {
      const ended = performance.now();
      recordMetrics?.(ctx, started, ended);
      writeAccessLog(ctx, started, ended);
    }
  };
}
