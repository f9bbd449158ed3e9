import type { AttemptOutput } from '../../machines/webhookDelivery.js';
import type { DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';
import type { Clock } from '../clock.js';
import type { AttemptSlots } from './attemptSlots.js';
import { debugBody } from './envelope.js';
import type { RetrySchedule } from './retryPolicy.js';
import { retryAfterMs } from './retryAfter.js';
import type { AttemptResult, WebhookSender } from './sender.js';
import { signatureHeader, signatureHeaderValue } from './signature.js';
import type { SendableWebhook, WebhookCache } from './webhookCache.js';

/** Where an A2A push config's `token` travels (A2A specification, push notifications). */
export const notificationTokenHeader = 'X-A2A-Notification-Token';

/** The part of a live delivery one attempt reads. */
export interface SendTarget {
  row: DeliveryRow;
  /** An operator asked for this attempt (redeliver): it goes out even to an inactive webhook. */
  manual: boolean;
}

/**
 * A shutdown cut the attempt short (before it was sent, or while it was in flight): its result,
 * if any, must not be stored; the delivery runs again after the restart.
 */
export class AttemptCutShortError extends Error {
  constructor() {
    super('the service is shutting down; the delivery runs again after restart');
  }
}

export interface SignedSendOptions {
  sender: WebhookSender;
  cache: WebhookCache;
  slots: AttemptSlots;
  clock: Clock;
  schedule: RetrySchedule;
  /** Draws the jitter sample of each failed attempt's retry, in [0, 1). */
  random(): number;
  stopping(): boolean;
  shutdownSignal: AbortSignal;
  publicUrl?: () => string | undefined;
}

/** The chart's view of an attempt: the result, its time, and for a failure what its retry waits on. */
function attemptOutput(result: AttemptResult, at: string, random: () => number): AttemptOutput {
  const output: AttemptOutput = { ok: result.ok, status: result.status, responseTimeMs: result.responseTimeMs, at };
  if (result.error !== undefined) output.error = result.error;
  if (result.ok) return output;
  const wait = retryAfterMs(result.retryAfter, at);
  if (wait !== undefined) output.retryAfterMs = wait;
  output.jitterSample = random();
  return output;
}

/** The secrets a delivery is signed with at `at`: the current one, and the rotated-out one while it lasts. */
function signingSecrets(webhook: SendableWebhook, at: string): string[] {
  const previous = webhook.previousSecret && webhook.previousExpiresAt && webhook.previousExpiresAt > at ? [webhook.previousSecret] : [];
  return [webhook.secret, ...previous];
}

/**
 * One attempt of a delivery: the stored bytes (or a debug body naming the attempt), signed, POSTed
 * within the concurrency bound. Receiver failures are results; a deleted or deactivated webhook
 * is a rejection (the chart ends the delivery in `failed`), and so is an attempt a shutdown cut
 * short (`AttemptCutShortError`: nothing is stored, the restart redoes it).
 */
export function createSignedSend(options: SignedSendOptions) {
  const { sender, cache, slots, clock, schedule } = options;
  return async function send(target: SendTarget, attemptNo: number): Promise<AttemptOutput> {
    const { row } = target;
    const webhook = cache.cached(row.webhook_id) ?? (await cache.load(row.webhook_id));
    if (!webhook || webhook.row.deleted_at) throw new Error('the webhook was deleted');
    if (!webhook.row.active && !row.test && !target.manual) throw new Error('the webhook was deactivated');
    if (!slots.acquire()) await slots.wait();
    try {
      if (options.stopping()) throw new AttemptCutShortError();
      const at = clock.now().toISOString();
      const body = webhook.row.debug ? debugBody(row, attemptNo, schedule, options.publicUrl?.()) : row.body;
      const result = await sender.send({
        url: webhook.row.url,
        body,
        headers: {
          [signatureHeader]: signatureHeaderValue(signingSecrets(webhook, at), body),
          'X-Service-Event': row.event,
          'X-Service-Delivery': row.id,
          'X-Service-Timestamp': at,
          'X-Service-Attempt': String(attemptNo),
          // An A2A push config's token, in the header the A2A specification names.
          ...(webhook.notificationToken ? { [notificationTokenHeader]: webhook.notificationToken } : {}),
        },
        signal: options.shutdownSignal,
      });
      if (options.shutdownSignal.aborted) throw new AttemptCutShortError();
      return attemptOutput(result, at, options.random);
    } finally {
      slots.release();
    }
  };
}
