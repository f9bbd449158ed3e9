import pRetry, { AbortError } from 'p-retry';
import { abortError, isAbortError, isRetryable, ModelStepError } from './errors.js';
import type { ModelProvider } from './types.js';

/** Retry policy of one model step, as data. Delay before retry n is minTimeoutMs * factor^(n-1). */
export interface RetryOptions {
  /** Retries after the first try; 0 disables retrying. */
  retries: number;
  minTimeoutMs: number;
  factor: number;
  /** Upper bound of one delay. */
  maxTimeoutMs?: number;
  /** Called before each retry, e.g. to log; must not throw. */
  onRetry?: (info: { stage: string; attempt: number; error: string }) => void;
}

export const defaultRetryOptions: RetryOptions = { retries: 3, minTimeoutMs: 1000, factor: 2, maxTimeoutMs: 30_000 };

/**
 * Wraps a provider so each step is retried with exponential backoff. Errors that cannot improve
 * on retry (see isRetryable) fail at once. When the step fails for good it rejects with a
 * ModelStepError (retryCount, lastError); an abort of the step's signal rejects with the abort
 * error itself, never a ModelStepError, so cancelling is not reported as a model failure.
 */
export function withRetry(provider: ModelProvider, options: RetryOptions = defaultRetryOptions): ModelProvider {
  /** What p-retry is handed: an error that cannot improve on retry stops it (its AbortError rethrows the original). */
  const forRetry = (error: unknown, signal: AbortSignal) => (signal.aborted || !isRetryable(error) ? new AbortError(asError(error)) : error);
  return {
    name: provider.name,
    async step(input, tools, exchanges, signal) {
      // The first try runs without the retry machinery: almost every step answers at once, and a
      // step waiting on its model then holds no retry state (the engine keeps thousands waiting).
      let first: unknown;
      try {
        const result = await provider.step(input, tools, exchanges, signal);
        if (signal.aborted) throw abortError(signal);
        return result;
      } catch (error) {
        if (signal.aborted) throw abortError(signal);
        first = error;
      }
      // It failed: the same schedule as if p-retry had made that first try (its attempt 1).
      let attempts = 1;
      try {
        return await pRetry(
          async (attemptNumber) => {
            if (attemptNumber === 1) throw forRetry(first, signal);
            attempts = attemptNumber;
            try {
              return await provider.step(input, tools, exchanges, signal);
            } catch (error) {
              throw forRetry(error, signal);
            }
          },
          {
            retries: options.retries,
            minTimeout: options.minTimeoutMs,
            factor: options.factor,
            maxTimeout: options.maxTimeoutMs ?? Number.POSITIVE_INFINITY,
            signal,
            onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
              if (retriesLeft > 0) options.onRetry?.({ stage: input.stage.name, attempt: attemptNumber, error: error.message });
            },
          },
        );
      } catch (error) {
        if (signal.aborted) throw abortError(signal);
        if (isAbortError(error)) throw error;
        throw new ModelStepError(Math.max(0, attempts - 1), asError(error).message, { cause: error });
      }
    },
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
