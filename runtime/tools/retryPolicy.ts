import { setTimeout as sleep } from 'node:timers/promises';
import pRetry, { AbortError } from 'p-retry';
import { classifyMcpError } from './errors.js';

/**
 * The one retry policy of tool calls (agent calls and integration flags), as data: how many
 * retries, the backoff (doubling from `minTimeoutMs`, jittered) and the longest `Retry-After` a
 * caller waits. What is retried is decided where the failure is classified (errors.ts): network
 * faults, 5xx, 429, a timeout while opening a session, and a tool error its tool marks
 * `retryable`; never a tool's own error, a refused authorization or a call that timed out.
 */
export interface RetryPolicy {
  retries: number;
  minTimeoutMs: number;
  /** A longer `Retry-After` than this fails the call instead of waiting (rate_limited). */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { retries: 2, minTimeoutMs: 500, maxRetryAfterMs: 30_000 };

/** A failed attempt, classified: `retryable` ones are tried again while retries are left. */
export class CallFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A thrown failure of an MCP exchange as a CallFailure (classified once, here; the original error
 * is its `cause`). A failure of the call itself (`phase: 'call'`) is not retried when it timed
 * out (the server may still be working on it, and the wall limit bounds the call, not each
 * attempt) or when the server forgot the session again (the session re-initialized it once
 * already); the same failures while opening a session are retried.
 */
export function callFailureOf(error: unknown, phase: 'open' | 'call' = 'open'): CallFailure {
  if (error instanceof CallFailure) return error;
  const failure = classifyMcpError(error);
  const settled = phase === 'call' && (failure.reason === 'timeout' || failure.reason === 'session_expired');
  return new CallFailure(failure.message, failure.reason, failure.retryable && !settled, undefined, { cause: error });
}

/** How a call under the policy ended: its value, or the last attempt's failure; with the retries it took. */
export type RetryOutcome<T> = { ok: true; value: T; retries: number } | { ok: false; failure: CallFailure; retries: number };

/**
 * Runs `attempt` under the policy. A failure never throws (it is the outcome's `failure`), except
 * an abort: an aborted `signal` stops retrying and rejects with the abort.
 */
export async function withRetry<T>(policy: RetryPolicy, attempt: () => Promise<T>, signal?: AbortSignal): Promise<RetryOutcome<T>> {
  let attempts = 0;
  try {
    const value = await pRetry(
      async () => {
        attempts += 1;
        try {
          return await attempt();
        } catch (error) {
          if (signal?.aborted) throw new AbortError(error as Error);
          const failure = callFailureOf(error);
          // p-retry rejects with an AbortError's original error: the classification rides on it.
          throw failure.retryable ? failure : new AbortError(failure);
        }
      },
      {
        retries: policy.retries,
        minTimeout: policy.minTimeoutMs,
        factor: 2,
        randomize: true,
        ...(signal ? { signal } : {}),
        // A server's Retry-After is honoured (capped) on top of the backoff p-retry adds.
        onFailedAttempt: async ({ error, retriesLeft }) => {
          const wait = (error as { retryAfterMs?: number }).retryAfterMs;
          // Abortable: a cancelled outcome does not sit out a server's Retry-After.
          if (retriesLeft > 0 && typeof wait === 'number' && wait > 0) await sleep(Math.min(wait, policy.maxRetryAfterMs), undefined, signal ? { signal } : {});
        },
      },
    );
    return { ok: true, value, retries: attempts - 1 };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, failure: callFailureOf(error), retries: Math.max(0, attempts - 1) };
  }
}
