/**
 * A model call that failed, classified where it was thrown: `retryable` says whether asking
 * again can help (timeouts, 408, 429, 5xx, dropped connections) or not (bad request, auth).
 */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ModelCallError';
  }
}

/**
 * A stage's model step failed for good, after `retryCount` retries. The engine fails the outcome
 * with code `content_generation_failed` and details {stage, agent, retry_count, last_error}.
 */
export class ModelStepError extends Error {
  constructor(
    readonly retryCount: number,
    readonly lastError: string,
    options?: { cause?: unknown },
  ) {
    super(`Model step failed after ${retryCount} ${retryCount === 1 ? 'retry' : 'retries'}: ${lastError}`, options);
    this.name = 'ModelStepError';
  }
}

/** The step was cancelled through its AbortSignal. */
export class StepAbortedError extends Error {
  constructor(message = 'The model step was aborted.', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AbortError';
  }
}

/** True for any AbortError: ours, the DOM's, Node timers' and fetch's all use that name. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The error to reject with once `signal` has aborted: always an Error named AbortError (the DOM's
 * DOMException is not a native Error), carrying the signal's reason as its cause.
 */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError' && !(reason instanceof DOMException)) return reason;
  const why = reason instanceof Error && reason.name !== 'AbortError' ? `The model step was aborted: ${reason.message}` : undefined;
  return new StepAbortedError(why, { cause: reason });
}

/** HTTP statuses worth asking again: timeouts, rate limits and server faults. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Whether retrying can help: an explicit `retryable` wins, then an HTTP `status`; anything else
 * (a dropped connection, an unexpected reply) is worth another try.
 */
export function isRetryable(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (typeof error === 'object' && error !== null) {
    const { retryable, status } = error as { retryable?: unknown; status?: unknown };
    if (typeof retryable === 'boolean') return retryable;
    if (typeof status === 'number') return isRetryableStatus(status);
  }
  return true;
}
