import { ConfigError } from '../configError.js';

/**
 * Webhook retry policy as data (STYLE: retry policy as data). A schedule lists the delay in
 * milliseconds before each attempt: `schedule[0]` before attempt 1, `schedule[n-1]` before
 * attempt n. Its length is the maximum number of attempts.
 */
export type RetrySchedule = readonly number[];

/** Spec, Delivery and retries: immediate, 1 min, 5 min, 30 min, 2 h; five attempts. */
export const defaultRetrySchedule: RetrySchedule = Object.freeze([0, 60_000, 300_000, 1_800_000, 7_200_000]);

export const retryDelaysVariable = 'CREWD_WEBHOOK_RETRY_DELAYS_MS';

// A setTimeout-sized bound: longer delays are surely a typo (and overflow Node timers).
const maxDelayMs = 2_147_483_647;

/**
 * Parses CREWD_WEBHOOK_RETRY_DELAYS_MS (`0,60000,300000`); unset or empty gives the default.
 * Throws a ConfigError naming the variable for anything else than whole milliseconds.
 */
export function parseRetryDelays(raw: string | undefined): RetrySchedule {
  if (raw === undefined || raw.trim() === '') return defaultRetrySchedule;
  const parts = raw.split(',').map((part) => part.trim());
  const valid = parts.every((part) => /^\d+$/.test(part) && Number(part) <= maxDelayMs);
  if (!valid) {
    throw new ConfigError(
      retryDelaysVariable,
      `expected comma-separated whole milliseconds up to ${maxDelayMs}, such as 0,60000,300000; got "${raw}"`,
    );
  }
  return Object.freeze(parts.map(Number));
}
