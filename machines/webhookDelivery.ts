import { assign, setup } from 'xstate';
import { mayRetry, retryDelay } from './webhookRetryPolicy.js';

/**
 * One webhook delivery: one event sent to one webhook, retried on the schedule until a 2xx, the
 * last attempt or a `410 Gone` (spec: Events, Delivery and retries; DESIGN section 2). The delay
 * of each retry follows the retry policy (`webhookRetryPolicy.ts`: jitter, `Retry-After`).
 *
 *   scheduled -> attempting -> succeeded
 *                attempting -> waiting --RETRY_DUE--> attempting ... -> failed
 *
 * Pure: no I/O and no clock reads. One slot, filled by the runtime with `.provide()`:
 * - action `attempt` (entry of `attempting`): makes the signed send of attempt `params.attempt`
 *   and answers the chart with `ATTEMPTED` (any receiver answer, or none: a result) or
 *   `ATTEMPT_FAILED` (the attempt could not be made, e.g. the webhook was deleted), carrying the
 *   same attempt number; an answer for another attempt is ignored. A missing provide() fails loudly.
 *
 * Nothing here writes: the runtime stores every resting snapshot (`waiting`, `succeeded`,
 * `failed`) with what it implies (the delivery row, the attempt it supersedes, the retry timer)
 * through the actor host's tick (runtime/webhooks/deliveryProjection.ts). The wait for a retry is
 * that durable timer, not an xstate `after` delay: pending delays are not part of a persisted
 * snapshot. An attempt in flight is never stored, so no stored snapshot is ever `attempting`.
 *
 * Every step is a plain transition with its actions returned, not run (nothing of a delivery waits
 * inside xstate: no invoked actor, no delay), so the runtime runs it with pure transitions
 * (runtime/actors/pureChart.ts) and executes `attempt` itself.
 */

export interface WebhookDeliveryInput {
  deliveryId: string;
  webhookId: string;
  /** Delay in ms before each attempt: `schedule[0]` before attempt 1; its length is the maximum. */
  schedule: number[];
  /** Most a retry's delay is lengthened, as a fraction of it (retryDelay); 0 or absent: none. */
  jitter?: number;
  /** Attempts already made: 0 for a new delivery. */
  attempt: number;
  /**
   * ISO time the delivery was enqueued (or resumed): when the next attempt has a delay, it is due
   * `schedule[attempt]` after this. Without it, a delayed first attempt's `nextRetryAt` is null
   * (the runtime dates it).
   */
  scheduledAt?: string;
}

export interface WebhookDeliveryContext {
  deliveryId: string;
  webhookId: string;
  schedule: number[];
  /** The retry policy's jitter (0 in snapshots stored before it existed). */
  jitter?: number;
  /** Attempts started so far; while `attempting`, the number of the attempt in flight (1-based). */
  attempt: number;
  /** Result of the latest finished attempt. */
  lastAttempt: AttemptOutput | null;
  /** While `waiting`: when the next attempt is due (null if no reference time was known). */
  nextRetryAt: string | null;
  scheduledAt: string | null;
  /** Why the `attempt` actor itself failed (not a receiver failure); set only in `failed`. */
  error: string | null;
}

/**
 * `RETRY_DUE` is sent by the runtime's durable timer; `attempt` names the attempt the timer was
 * written for; when given, a stale or duplicated timer for another attempt is ignored.
 * `ATTEMPTED` and `ATTEMPT_FAILED` are the `attempt` slot's answers for attempt `attempt`.
 */
export type WebhookDeliveryEvent =
  | { type: 'RETRY_DUE'; attempt?: number }
  | { type: 'ATTEMPTED'; attempt: number; output: AttemptOutput }
  | { type: 'ATTEMPT_FAILED'; attempt: number; error: string };

/** Params of the `attempt` action; (deliveryId, attempt) is the idempotency key of the send. */
export interface AttemptInput {
  deliveryId: string;
  webhookId: string;
  attempt: number;
}

export interface AttemptOutput {
  ok: boolean;
  /** HTTP status, or null when no answer arrived. */
  status: number | null;
  responseTimeMs: number;
  error?: string;
  /** ISO time the attempt was made, read from the runtime's clock. */
  at: string;
  /** The receiver's `Retry-After` in ms after `at`, when it sent one (retryDelay honours it within bounds). */
  retryAfterMs?: number;
  /** A random sample in [0, 1) drawn by the runtime for the next retry's jitter. */
  jitterSample?: number;
}

/** Bump when states or context change shape; stored with every persisted snapshot. */
export const webhookDeliveryMachineVersion = '2';

/** Pure date arithmetic on ISO strings; the reference time always comes from outside. */
function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** Delay before the attempt after `attemptsMade` attempts (schedule[n] comes before attempt n + 1). */
function delayAfter(context: WebhookDeliveryContext): number {
  return context.schedule[context.attempt] ?? 0;
}

/** Delay before the retry after the attempt that answered `output`: the retry policy's. */
function retryDelayAfter(context: WebhookDeliveryContext, output: AttemptOutput): number {
  return retryDelay(context.schedule, context.jitter ?? 0, context.attempt, output);
}

export const webhookDeliveryMachine = setup({
  types: {
    context: {} as WebhookDeliveryContext,
    input: {} as WebhookDeliveryInput,
    events: {} as WebhookDeliveryEvent,
  },
  actions: {
    // The slot: the runtime provides the real send. Throwing makes a missing provide() loud.
    attempt: (_, _params: AttemptInput) => {
      throw new Error('webhookDelivery: the attempt action was not provided');
    },
  },
  guards: {
    noAttempts: ({ context }) => context.schedule.length <= context.attempt,
    nextAttemptIsImmediate: ({ context }) => delayAfter(context) === 0,
    attemptSucceeded: (_, params: { ok: boolean }) => params.ok,
    receiverGone: (_, params: { status: number | null }) => !mayRetry(params),
    hasAttemptLeft: ({ context }) => context.attempt < context.schedule.length,
    retryIsForNextAttempt: ({ context }, params: { attempt: number | undefined }) =>
      params.attempt === undefined || params.attempt === context.attempt + 1,
    answersAnotherAttempt: ({ context }, params: { attempt: number }) => params.attempt !== context.attempt,
  },
}).createMachine({
  id: 'webhookDelivery',
  version: webhookDeliveryMachineVersion,
  context: ({ input }) => ({
    deliveryId: input.deliveryId,
    webhookId: input.webhookId,
    schedule: [...input.schedule],
    jitter: input.jitter ?? 0,
    attempt: input.attempt,
    lastAttempt: null,
    nextRetryAt: null,
    scheduledAt: input.scheduledAt ?? null,
    error: null,
  }),
  initial: 'scheduled',
  states: {
    scheduled: {
      always: [
        { guard: 'noAttempts', target: 'failed' },
        { guard: 'nextAttemptIsImmediate', target: 'attempting' },
        {
          // A delayed first attempt waits like a retry does, on a durable timer.
          target: 'waiting',
          actions: assign({ nextRetryAt: ({ context }) => (context.scheduledAt === null ? null : addMs(context.scheduledAt, delayAfter(context))) }),
        },
      ],
    },
    attempting: {
      // Counted on entry so the attempt's params, and the snapshot, carry the number.
      entry: [
        assign({ attempt: ({ context }) => context.attempt + 1, nextRetryAt: null }),
        { type: 'attempt', params: ({ context }) => ({ deliveryId: context.deliveryId, webhookId: context.webhookId, attempt: context.attempt }) },
      ],
      on: {
        ATTEMPTED: [
          // An answer for another attempt (a duplicate, a stale one) is ignored.
          { guard: { type: 'answersAnotherAttempt', params: ({ event }) => ({ attempt: event.attempt }) } },
          {
            guard: { type: 'attemptSucceeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'succeeded',
            actions: assign({ lastAttempt: ({ event }) => event.output }),
          },
          {
            // 410 Gone: no retry; the runtime disables the webhook (webhookRetryPolicy.mayRetry).
            guard: { type: 'receiverGone', params: ({ event }) => ({ status: event.output.status }) },
            target: 'failed',
            actions: assign({ lastAttempt: ({ event }) => event.output }),
          },
          {
            guard: 'hasAttemptLeft',
            target: 'waiting',
            actions: assign({
              lastAttempt: ({ event }) => event.output,
              nextRetryAt: ({ context, event }) => addMs(event.output.at, retryDelayAfter(context, event.output)),
            }),
          },
          { target: 'failed', actions: assign({ lastAttempt: ({ event }) => event.output }) },
        ],
        ATTEMPT_FAILED: [
          { guard: { type: 'answersAnotherAttempt', params: ({ event }) => ({ attempt: event.attempt }) } },
          { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    waiting: {
      on: {
        RETRY_DUE: {
          guard: { type: 'retryIsForNextAttempt', params: ({ event }) => ({ attempt: event.attempt }) },
          target: 'attempting',
        },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
  },
});

export type WebhookDeliveryMachine = typeof webhookDeliveryMachine;
