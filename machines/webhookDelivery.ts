import { assign, fromPromise, setup } from 'xstate';
import { mayRetry, retryDelay } from './webhookRetryPolicy.js';

/**
 * One webhook delivery: one event sent to one webhook, retried on the schedule until a 2xx, the
 * last attempt or a `410 Gone` (spec: Events, Delivery and retries; DESIGN section 2). The delay
 * of each retry follows the retry policy (`webhookRetryPolicy.ts`: jitter, `Retry-After`).
 *
 *   scheduled -> attempting -> succeeded
 *                attempting -> waiting --RETRY_DUE--> attempting ... -> failed
 *
 * Pure: no I/O and no clock reads. The runtime fills three slots with `.provide()`:
 * - actor `attempt`: sends once and resolves with the result and the time it was made (`at`).
 *   A restored snapshot taken while `attempting` runs the actor again with the same input, so the
 *   runtime keys the send by (deliveryId, attempt) and returns a stored result instead of sending
 *   twice where it has one. It should resolve for every receiver failure; a rejection (say, the
 *   store is down) ends the delivery in `failed` with `context.error` set.
 * - action `recordAttempt`: stores the delivery row; called after every attempt, before
 *   `scheduleRetry`.
 * - action `scheduleRetry`: writes a durable timer that sends RETRY_DUE at `dueAt`. The wait is
 *   not an xstate `after` delay because pending delays are not part of a persisted snapshot.
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
   * `schedule[attempt]` after this. Without it, ScheduleRetryParams.dueAt is null.
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
 * Sent by the runtime's durable timer. `attempt` names the attempt the timer was written for;
 * when given, a stale or duplicated timer for another attempt is ignored.
 */
export type WebhookDeliveryEvent = { type: 'RETRY_DUE'; attempt?: number };

/** Input of the `attempt` actor; (deliveryId, attempt) is the idempotency key of the send. */
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

export interface RecordAttemptParams {
  deliveryId: string;
  webhookId: string;
  attempt: number;
  result: AttemptOutput;
  /** When the next attempt is due; null when there will be none. */
  nextRetryAt: string | null;
}

export interface ScheduleRetryParams {
  deliveryId: string;
  webhookId: string;
  /** The attempt the timer is for; send it back in RETRY_DUE. */
  attempt: number;
  /** When to send RETRY_DUE; null only for a first attempt without `scheduledAt`: then `delayMs` from now. */
  dueAt: string | null;
  delayMs: number;
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
  actors: {
    // A slot: the runtime provides the real HTTP send. Rejecting makes a missing provide() loud.
    attempt: fromPromise<AttemptOutput, AttemptInput>(async () => {
      throw new Error('webhookDelivery: the attempt actor was not provided');
    }),
  },
  actions: {
    recordAttempt: (_, _params: RecordAttemptParams) => {},
    scheduleRetry: (_, _params: ScheduleRetryParams) => {},
  },
  guards: {
    noAttempts: ({ context }) => context.schedule.length <= context.attempt,
    nextAttemptIsImmediate: ({ context }) => delayAfter(context) === 0,
    attemptSucceeded: (_, params: { ok: boolean }) => params.ok,
    receiverGone: (_, params: { status: number | null }) => !mayRetry(params),
    hasAttemptLeft: ({ context }) => context.attempt < context.schedule.length,
    retryIsForNextAttempt: ({ context }, params: { attempt: number | undefined }) =>
      params.attempt === undefined || params.attempt === context.attempt + 1,
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
          actions: [
            assign({ nextRetryAt: ({ context }) => (context.scheduledAt === null ? null : addMs(context.scheduledAt, delayAfter(context))) }),
            {
              type: 'scheduleRetry',
              params: ({ context }) => ({
                deliveryId: context.deliveryId,
                webhookId: context.webhookId,
                attempt: context.attempt + 1,
                dueAt: context.nextRetryAt,
                delayMs: delayAfter(context),
              }),
            },
          ],
        },
      ],
    },
    attempting: {
      // Counted on entry so the invoked actor's input, and a snapshot taken now, carry the number.
      entry: assign({ attempt: ({ context }) => context.attempt + 1, nextRetryAt: null }),
      invoke: {
        id: 'attempt',
        src: 'attempt',
        input: ({ context }) => ({ deliveryId: context.deliveryId, webhookId: context.webhookId, attempt: context.attempt }),
        onDone: [
          {
            guard: { type: 'attemptSucceeded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'succeeded',
            actions: [assign({ lastAttempt: ({ event }) => event.output }), { type: 'recordAttempt', params: recordParams }],
          },
          {
            // 410 Gone: no retry; the runtime disables the webhook (webhookRetryPolicy.mayRetry).
            guard: { type: 'receiverGone', params: ({ event }) => ({ status: event.output.status }) },
            target: 'failed',
            actions: [assign({ lastAttempt: ({ event }) => event.output }), { type: 'recordAttempt', params: recordParams }],
          },
          {
            guard: 'hasAttemptLeft',
            target: 'waiting',
            actions: [
              assign({
                lastAttempt: ({ event }) => event.output,
                nextRetryAt: ({ context, event }) => addMs(event.output.at, retryDelayAfter(context, event.output)),
              }),
              { type: 'recordAttempt', params: recordParams },
              {
                type: 'scheduleRetry',
                params: ({ context, event }) => ({
                  deliveryId: context.deliveryId,
                  webhookId: context.webhookId,
                  attempt: context.attempt + 1,
                  dueAt: context.nextRetryAt,
                  delayMs: retryDelayAfter(context, event.output),
                }),
              },
            ],
          },
          {
            target: 'failed',
            actions: [assign({ lastAttempt: ({ event }) => event.output }), { type: 'recordAttempt', params: recordParams }],
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
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

/** Called after the lastAttempt/nextRetryAt assign, so it reads the updated context. */
function recordParams({ context }: { context: WebhookDeliveryContext }): RecordAttemptParams {
  return {
    deliveryId: context.deliveryId,
    webhookId: context.webhookId,
    attempt: context.attempt,
    result: context.lastAttempt!,
    nextRetryAt: context.nextRetryAt,
  };
}

export type WebhookDeliveryMachine = typeof webhookDeliveryMachine;
