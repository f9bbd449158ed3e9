import { ConfigError } from '../configError.js';

import type { RetrySchedule } from '../../machines/webhookRetryPolicy.js';

/**
 * Webhook retry policy as data (STYLE: retry policy as data), as configured: the schedule and the
 * jitter. The rules that read them (jitter, `Retry-After`, `410 Gone`) are the chart's, in
 * machines/webhookRetryPolicy.ts; docs/webhooks.md describes them.
 */
export type { RetrySchedule } from '../../machines/webhookRetryPolicy.js';

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

export const retryJitterVariable = 'CREWD_WEBHOOK_RETRY_JITTER';

/** Retries wait up to 20 % longer than the schedule says (Svix spreads retries the same way). */
export const defaultRetryJitter = 0.2;

/**
 * Parses CREWD_WEBHOOK_RETRY_JITTER: the most a retry's delay is lengthened, as a fraction of it
 * (0 to 1; 0 turns jitter off). Unset or empty gives `defaultRetryJitter`.
 */
export function parseRetryJitter(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return defaultRetryJitter;
  const value = Number(raw.trim());
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value > 1) {
    throw new ConfigError(retryJitterVariable, `expected a fraction from 0 to 1, such as 0.2; got "${raw}"`);
  }
  return value;
}
