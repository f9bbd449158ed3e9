import { randomUUID } from 'node:crypto';

export type FetchLike = (input: Request) => Promise<Response>;

export interface RetryOptions {
  /** Further attempts after the first (default 3). */
  retries?: number;
  /** First backoff when the answer has no Retry-After (default 250 ms, doubled each time). */
  baseDelayMs?: number;
  /** Longest wait, also the cap on Retry-After (default 30 s). */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Current time in ms (for Retry-After given as an HTTP date). */
  now?: () => number;
  /** Makes the Idempotency-Key of a creating call (default: a random UUID). */
  idempotencyKey?: () => string;
}

const retryable = new Set([429, 500, 502, 503, 504]);

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Wraps a fetch so that 429 and 5xx answers (and connections that failed) are tried again,
 * waiting as long as `Retry-After` says, else with exponential backoff. Every POST gets an
 * `Idempotency-Key` (unless the caller set one) that stays the same across the retries, so a
 * retried creating call cannot create twice.
 */
export function retryingFetch(inner: FetchLike, options: RetryOptions = {}): FetchLike {
  const retries = options.retries ?? 3;
  const base = options.baseDelayMs ?? 250;
  const max = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? (() => Date.now());
  const makeKey = options.idempotencyKey ?? randomUUID;

  return async (input) => {
    let request = input;
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) {
      const headers = new Headers(request.headers);
      headers.set('Idempotency-Key', makeKey());
      request = new Request(request, { headers });
    }
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      let response: Response;
      try {
        response = await inner(last ? request : request.clone());
      } catch (error) {
        if (last) throw error;
        await sleep(Math.min(max, base * 2 ** attempt));
        continue;
      }
      if (last || !retryable.has(response.status)) return response;
      const wait = retryAfterMs(response.headers.get('Retry-After'), now()) ?? base * 2 ** attempt;
      await response.body?.cancel();
      await sleep(Math.min(max, wait));
    }
  };
}
