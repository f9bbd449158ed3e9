import type { Agent, Dispatcher } from 'undici';
import { checkWebhookUrl, createGuardedLookup, type GuardedLookupOptions } from './urlGuard.js';
import { loadUndici } from './undici.js';

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
  /** Elapsed time for response times and the attempt deadline (performance in production). */
  clock: MonotonicClock;
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
  /** The receiver's `Retry-After` header on a failed answer, as sent (retryAfter.ts reads it). */
  retryAfter?: string;
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
// Parsed URL checks kept per sender; the check is a pure function of the URL string.
const maxCachedUrls = 1_000;

type Target = { ok: true; origin: string; path: string } | { ok: false; message: string };

/** Why an attempt was cut short by the sender itself (the attempt's whole-time deadline). */
class DeadlineError extends Error {
  readonly code = 'ERR_WEBHOOK_DEADLINE';
}

/**
 * One attempt in flight: the undici dispatch handler, and a node of the sender's deadline list.
 * Settles exactly once; whatever undici reports after that is ignored.
 */
class Attempt implements Dispatcher.DispatchHandler {
  prev: Attempt | null = null;
  next: Attempt | null = null;
  linked = false;
  controller: Dispatcher.DispatchController | null = null;
  /** Set when the attempt was cut short before undici handed out a controller. */
  abortReason: Error | null = null;
  result: AttemptResult | null = null;
  drained = 0;
  done = false;
  resolve!: (result: AttemptResult) => void;
  readonly promise: Promise<AttemptResult>;

  constructor(
    private readonly sender: SenderCore,
    readonly started: number,
    readonly deadline: number,
    readonly signal: AbortSignal | undefined,
  ) {
    this.promise = new Promise((resolve) => (this.resolve = resolve));
  }

  /** Settles the attempt and leaves the deadline list; later calls do nothing. */
  finish(result: AttemptResult): void {
    if (this.done) return;
    this.done = true;
    this.sender.unlink(this);
    this.resolve(result);
  }

  /** Cuts the attempt short (deadline or the caller's signal); it ends as a failed attempt. */
  abort(reason: Error): void {
    if (this.done) return;
    if (this.controller) this.controller.abort(reason);
    else this.abortReason = reason;
    // The answer may already be known (draining): then that is the result.
    this.finish(this.result ?? this.sender.failure(reason, this));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortReason) controller.abort(this.abortReason);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: Record<string, string | string[] | undefined>): void {
    if (this.done) return;
    const responseTimeMs = this.sender.elapsed(this.started);
    if (status >= 200 && status < 300) this.result = { ok: true, status, responseTimeMs };
    else if (status >= 300 && status < 400) this.result = { ok: false, status, responseTimeMs, error: `redirect (${status}) not followed` };
    else {
      const retryAfter = headers['retry-after'];
      this.result = typeof retryAfter === 'string' ? { ok: false, status, responseTimeMs, retryAfter } : { ok: false, status, responseTimeMs };
    }
    void controller;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.drained += chunk.length;
    // The answer is known; draining is only for socket reuse, so a big answer just drops the socket.
    if (this.drained > maxDrainBytes && this.result) {
      controller.abort(new Error('answer too large to drain'));
      this.finish(this.result);
    }
  }

  onResponseEnd(): void {
    this.finish(this.result ?? { ok: false, status: null, responseTimeMs: this.sender.elapsed(this.started), error: 'the connection ended without an answer' });
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    this.finish(this.result ?? this.sender.failure(error, this));
  }
}

interface SenderCore {
  unlink(attempt: Attempt): void;
  elapsed(started: number): number;
  failure(error: unknown, attempt: Attempt): AttemptResult;
}

/**
 * Sends webhook deliveries over one keep-alive undici Agent. The Agent resolves names through the
 * guarded lookup, so a name that resolves to a private address is refused at connect time; IP
 * literals never reach a lookup, so every send checks the URL first as well.
 *
 * Each attempt is one `dispatch` with its own small handler (no response stream, no per-request
 * AbortSignal or timer): undici's headersTimeout, bodyTimeout and connect timeout bound the
 * phases, and one shared timer over a deadline-ordered list bounds each attempt as a whole.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const clock = options.clock;
  const timeoutMs = options.timeoutMs;
  const guard = { allowPrivate: options.allowPrivate };
  // Created at the first send (undici loads then, ./undici.ts), not when the service starts.
  let agent: Agent | undefined;
  const agentOf = (): Agent =>
    (agent ??= new (loadUndici().Agent)({
      connections: options.connections ?? 16,
      keepAliveTimeout: 10_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connect: { lookup: createGuardedLookup({ ...guard, lookup: options.lookup }), timeout: timeoutMs },
    }));
  const targets = new Map<string, Target>();

  // ---- deadlines: every attempt gets the same timeout, so start order is deadline order ----
  let head: Attempt | null = null;
  let tail: Attempt | null = null;
  let deadlineTimer: NodeJS.Timeout | null = null;
  let armedFor = Infinity;
  const listened = new WeakSet<AbortSignal>();

  const core: SenderCore = {
    unlink(attempt) {
      if (!attempt.linked) return;
      attempt.linked = false;
      if (attempt.prev) attempt.prev.next = attempt.next;
      else head = attempt.next;
      if (attempt.next) attempt.next.prev = attempt.prev;
      else tail = attempt.prev;
      attempt.prev = null;
      attempt.next = null;
    },
    elapsed(started) {
      return Math.max(0, Math.round(clock.now() - started));
    },
    failure(error, attempt) {
      return { ok: false, status: null, responseTimeMs: core.elapsed(attempt.started), error: describeFailure(error, timeoutMs) };
    },
  };

  function link(attempt: Attempt): void {
    attempt.linked = true;
    attempt.prev = tail;
    if (tail) tail.next = attempt;
    else head = attempt;
    tail = attempt;
    if (armedFor === Infinity) arm(attempt.deadline);
  }

  function arm(at: number): void {
    armedFor = at;
    deadlineTimer = setTimeout(expire, Math.max(0, at - clock.now()));
    deadlineTimer.unref();
  }

  /** Fires at the oldest deadline: cuts short what is overdue, then waits for the next one. */
  function expire(): void {
    deadlineTimer = null;
    armedFor = Infinity;
    const now = clock.now();
    while (head && head.deadline <= now) head.abort(new DeadlineError(`no answer within ${timeoutMs} ms`));
    if (head) arm(head.deadline);
  }

  function listen(signal: AbortSignal): void {
    if (listened.has(signal)) return;
    listened.add(signal);
    // One listener per signal (the dispatcher shares one for all attempts), not one per attempt.
    signal.addEventListener(
      'abort',
      () => {
        const reason = signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason ?? 'aborted'));
        for (let attempt = head; attempt; ) {
          const next = attempt.next;
          if (attempt.signal === signal) attempt.abort(reason);
          attempt = next;
        }
      },
      { once: true },
    );
  }

  function target(url: string): Target {
    let found = targets.get(url);
    if (found) return found;
    const checked = checkWebhookUrl(url, guard);
    found = checked.ok ? { ok: true, origin: checked.url.origin, path: checked.url.pathname + checked.url.search } : { ok: false, message: checked.message };
    if (targets.size >= maxCachedUrls) targets.clear();
    targets.set(url, found);
    return found;
  }

  function send(input: WebhookRequest): Promise<AttemptResult> {
    const started = clock.now();
    const checked = target(input.url);
    if (!checked.ok) return Promise.resolve({ ok: false, status: null, responseTimeMs: 0, error: checked.message });
    const signal = input.signal;
    const attempt = new Attempt(core, started, started + timeoutMs, signal);
    if (signal?.aborted) {
      attempt.abort(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return attempt.promise;
    }
    if (signal) listen(signal);
    link(attempt);
    const headers: string[] = ['user-agent', userAgent];
    for (const name in input.headers) {
      if (name.length === 12 && name.toLowerCase() === 'content-type') continue;
      headers.push(name, input.headers[name]!);
    }
    headers.push('content-type', 'application/json');
    // undici 7's dispatch follows no redirects; a 3xx comes back as is and counts as a failure.
    agentOf().dispatch(
      { origin: checked.origin, path: checked.path, method: 'POST', headers, body: input.body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      attempt,
    );
    return attempt.promise;
  }

  return {
    send,
    close: async () => {
      await agent?.close();
      if (deadlineTimer) clearTimeout(deadlineTimer);
    },
  };
}

/** Turns a network error into a line a webhook owner can act on. */
function describeFailure(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof DeadlineError || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `no answer within ${timeoutMs} ms`;
  }
  // A connect error may arrive wrapped (happy eyeballs tries several addresses).
  const cause = error instanceof AggregateError ? error.errors[0] : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  const causeCode = (cause as { code?: unknown } | null)?.code;
  return typeof causeCode === 'string' && !message.includes(causeCode) ? `${causeCode}: ${message}` : message;
}
