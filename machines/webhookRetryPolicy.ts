/**
 * The webhook retry policy as data (STYLE: retry policy as data; Svix's schedule, `should_retry`,
 * clamped `Retry-After` and jitter), read by the `webhookDelivery` chart. Pure: the random part of
 * the jitter arrives as a sample in [0, 1) drawn by the runtime, so a stored snapshot replays the
 * same delay.
 */

/**
 * Delay in milliseconds before each attempt: `schedule[0]` before attempt 1, `schedule[n-1]`
 * before attempt n. Its length is the maximum number of attempts.
 */
export type RetrySchedule = readonly number[];

/** What an attempt's answer tells the policy. */
export interface RetryAnswer {
  /** HTTP status, or null when no answer arrived. */
  status: number | null;
  /** The receiver's `Retry-After`, in ms after the attempt; absent when it sent none (or an unreadable one). */
  retryAfterMs?: number;
  /** The runtime's random sample in [0, 1) for this retry's jitter; absent means no jitter. */
  jitterSample?: number;
}

/**
 * Whether a failed answer may be retried at all (Svix `should_retry`): `410 Gone` says the
 * endpoint is gone for good, so the delivery ends at once (and the runtime disables the webhook).
 */
export function mayRetry(answer: Pick<RetryAnswer, 'status'>): boolean {
  return answer.status !== 410;
}

/**
 * The wait before the next attempt after `attemptsMade` attempts and this answer:
 * - the schedule's delay `schedule[attemptsMade]`, lengthened by up to `jitter` of itself
 *   (`jitter` 0.2: up to 20 % later, never earlier, so retries of many deliveries that failed
 *   together spread out instead of arriving together);
 * - a `Retry-After` is honoured within the schedule's bounds: it can push the retry later than
 *   the jittered delay, never beyond the schedule's longest delay and never earlier than the
 *   schedule allows (a receiver cannot make us retry faster than the policy).
 */
export function retryDelay(schedule: RetrySchedule, jitter: number, attemptsMade: number, answer: RetryAnswer): number {
  const scheduled = schedule[attemptsMade] ?? 0;
  const jittered = Math.round(scheduled * (1 + jitter * (answer.jitterSample ?? 0)));
  if (answer.retryAfterMs === undefined) return jittered;
  const longest = Math.max(jittered, ...schedule);
  return Math.min(Math.max(Math.round(answer.retryAfterMs), jittered), longest);
}
