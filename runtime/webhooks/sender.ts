import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { checkWebhookUrl, createGuardedLookup, type GuardedLookupOptions } from './urlGuard.js';

/** A monotonic millisecond source, injected so tests and callers decide what time is. */
export interface MonotonicClock {
  now(): number;
}

export interface WebhookSenderOptions {
  /** Receiver timeout (spec: 30 s); also bounds connecting and reading the answer. */
  timeoutMs: number;
  /** Allow http and private addresses (CREWD_ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
  /** Most sockets kept open per receiver origin. */
  connections?: number;
  clock?: MonotonicClock;
  /** Name resolver behind the guard; dns.lookup unless a test hands in another. */
  lookup?: GuardedLookupOptions['lookup'];
}

export interface WebhookRequest {
  url: string;
  /** The exact bytes that were signed; sent unchanged. */
  body: string;
  /** Signature and event headers; content-type is always application/json. */
  headers: Record<string, string>;
  /** Cancels the attempt (a stopped actor); it then ends as a failed attempt. */
  signal?: AbortSignal;
}

/** One attempt's result. `status` is null when no answer arrived; `error` says why it failed. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  responseTimeMs: number;
  error?: string;
}

export interface WebhookSender {
  /** POSTs once. Never rejects: every failure is a result with ok false. */
  send(request: WebhookRequest): Promise<AttemptResult>;
  /** Closes kept-alive sockets; waits for attempts in flight. */
  close(): Promise<void>;
}

// Receivers' answers are not read, only drained so the socket can be reused; past this much the
// socket is dropped instead of reading on.
const maxDrainBytes = 64 * 1024;
const userAgent = 'crewd-webhooks/1';

/**
 * Sends webhook deliveries over one keep-alive undici Agent. The Agent resolves names through the
 * guarded lookup, so a name that resolves to a private address is refused at connect time; IP
 * literals never reach a lookup, so every send checks the URL first as well.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const clock = options.clock ?? performance;
  const guard = { allowPrivate: options.allowPrivate };
  const agent = new Agent({
    connections: options.connections ?? 16,
    keepAliveTimeout: 10_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { lookup: createGuardedLookup({ ...guard, lookup: options.lookup }), timeout: options.timeoutMs },
  });

  async function send(input: WebhookRequest): Promise<AttemptResult> {
    const started = clock.now();
    const elapsed = () => Math.max(0, Math.round(clock.now() - started));
    const checked = checkWebhookUrl(input.url, guard);
    if (!checked.ok) return { ok: false, status: null, responseTimeMs: 0, error: checked.message };
    // bodyTimeout restarts with every chunk and connecting has its own timer; this deadline bounds
    // the attempt as a whole, so a receiver that trickles bytes cannot hold it open.
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = input.signal ? AbortSignal.any([deadline, input.signal]) : deadline;
    try {
      const response = await request(checked.url, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'user-agent': userAgent, ...withoutContentType(input.headers), 'content-type': 'application/json' },
        body: input.body,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        signal,
        // undici 7's request follows no redirects unless a redirect interceptor is composed in;
        // a 3xx therefore comes back as is and counts as a failed attempt below.
      });
      const responseTimeMs = elapsed();
      // The answer is known; draining is only for socket reuse, so its failure does not matter.
      await response.body.dump({ limit: maxDrainBytes, signal }).catch(() => undefined);
      const status = response.statusCode;
      if (status >= 200 && status < 300) return { ok: true, status, responseTimeMs };
      if (status >= 300 && status < 400) return { ok: false, status, responseTimeMs, error: `redirect (${status}) not followed` };
      return { ok: false, status, responseTimeMs };
    } catch (error) {
      return { ok: false, status: null, responseTimeMs: elapsed(), error: describeFailure(error, deadline, options.timeoutMs) };
    }
  }

  return { send, close: () => agent.close() };
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
}

/** Turns a network error into a line a webhook owner can act on. */
function describeFailure(error: unknown, deadline: AbortSignal, timeoutMs: number): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (deadline.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `no answer within ${timeoutMs} ms`;
  }
  // A connect error may arrive wrapped (happy eyeballs tries several addresses).
  const cause = error instanceof AggregateError ? error.errors[0] : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  const causeCode = (cause as { code?: unknown } | null)?.code;
  return typeof causeCode === 'string' && !message.includes(causeCode) ? `${causeCode}: ${message}` : message;
}
