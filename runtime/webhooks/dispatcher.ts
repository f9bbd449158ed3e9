import type { Logger } from 'pino';
import type { Db } from '../../storage/db.js';
import type { EventsRepository } from '../../storage/repositories/events.js';
import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow, WebhooksRepository } from '../../storage/repositories/webhooks.js';
import type { Clock } from '../clock.js';
import { ServiceError } from '../errors.js';
import type { EventBus } from '../events/eventBus.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { AttemptSlots } from './attemptSlots.js';
import { createDispatcherParts } from './dispatcherParts.js';
import { cursorName, raceYieldMs } from './eventTail.js';
import { startFanOutWakeups, type FanOutWakeups } from './fanOutWakeups.js';
import { createFanOutLead, quietMs } from './fanOutLead.js';
import { createPeriodicRecovery } from './periodicRecovery.js';
import type { RetrySchedule } from './retryPolicy.js';
import type { RetryTimerPayload } from './retryTimers.js';
import type { WebhookDispatcherOptions } from './dispatcherOptions.js';
import type { MonotonicClock, WebhookSender } from './sender.js';

export type { WebhookDispatcherOptions } from './dispatcherOptions.js';

/**
 * The dispatcher's lifecycle, one mode at a time:
 * `created` -> `starting` (cursor, first recovery) -> `running` -> `draining` (no new work;
 * attempts in flight finish or are aborted; results are written) -> `stopped`.
 */
export type DispatcherMode = 'created' | 'starting' | 'running' | 'draining' | 'stopped';

/**
 * Sends every stored event to the matching webhooks, durably (spec: Events, Delivery and retries;
 * DESIGN sections 2 and 4). It drives the lifecycle of its parts, one file each, which
 * `dispatcherParts.ts` creates and wires:
 * - `eventTail.ts`: events table -> delivery rows (fan-out: `fanOutRows.ts`, `eventHoles.ts`),
 *   woken by the bus and a slow poll (`fanOutWakeups.ts`);
 * - `attemptRunner.ts`: one `webhookDelivery` chart per delivery on the actor host
 *   (`deliverySteps.ts`, `liveDeliveries.ts`), the signed POST; the host's tick stores each result
 *   with its history row and retry timer (`deliveryDefinition.ts`, `deliveryProjection.ts`);
 * - `recovery.ts`: deliveries a stopped or crashed node left unfinished, at start and periodically
 *   (`periodicRecovery.ts`);
 * - `testSend.ts`: the test operation; the runner's `redeliver`: a manual attempt.
 *
 * Call order: `start()` once, then `stop()` before the database closes. `webhooksChanged` after
 * every webhook create, update or delete.
 */
/**
 * Webhook deliveries of this process: fans events out to the workspaces' webhooks, attempts and
 * retries them on the actor host, and recovers what another (or an earlier) process left.
 */
export interface WebhookDispatcher {
  /** A webhook of this workspace was created, changed or deleted. */
  webhooksChanged(workspaceId: string): void;
  /** Sends `webhook.test` to the webhook and resolves with the delivery after its first attempt. */
  sendTest(webhook: WebhookRow, requestedEvent: string | undefined): Promise<DeliveryRow>;
  /** A fresh attempt of a finished delivery; resolves with the row as stored after it. */
  redeliver(row: DeliveryRow): Promise<DeliveryRow>;
  readonly mode: DispatcherMode;
  /** Restores unfinished deliveries, then follows the events table and recovers periodically. */
  start(): Promise<void>;
  /** The retry timer fired: bring the delivery back from its stored snapshot and send RETRY_DUE. */
  onRetryDue(payload: RetryTimerPayload): Promise<void>;
  /** Runs one recovery pass now with the given grace (operators, tests). */
  recover(graceMs?: number): Promise<{ deliveries: number; timers: number }>;
  /** Resolves when nothing is being fanned out, attempted or written. */
  idle(): Promise<void>;
  /**
   * Stops taking new work, lets attempts in flight finish (up to `graceMs`, then aborts them: an
   * aborted attempt stores nothing and runs again after restart), and writes what finished.
   */
  stop(graceMs?: number): Promise<void>;
}

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { deliveries, eventBus, clock, logger } = options;
  const pollEveryMs = options.pollEveryMs ?? 500;
  const idlePollMs = options.idlePollMs ?? 5_000;
  // Other processes share the database: the fan-out is left to the node that moves the cursor.
  /** When (monotonic ms) another process's events were last heard of. */
  let lastRemote = -Infinity;
  const lead = options.signals?.shared ? createFanOutLead({ signals: options.signals, monotonic: options.monotonic, yieldMs: raceYieldMs }) : undefined;
  const recoveryGraceMs = options.recoveryGraceMs ?? options.timeoutMs + 10_000;

  let mode: DispatcherMode = 'created';
  const shutdown = new AbortController();
  const idleWaiters: Array<() => void> = [];
  let wakeups: FanOutWakeups | null = null;

  const { cache, slots, runner, tail, recovery, sendTest } = createDispatcherParts({
    ...options,
    stopping: () => mode === 'draining' || mode === 'stopped',
    shutdownSignal: shutdown.signal,
    changed,
    // Cursor notices only while another process was heard from (alone on Postgres: none sent).
    ...(lead ? { moved: (position: number) => lead.moved(position, options.monotonic.now() - lastRemote < quietMs) } : {}),
  });
  const periodic = createPeriodicRecovery({
    recovery,
    logger,
    everyMs: options.recoveryEveryMs ?? 15_000,
    graceMs: recoveryGraceMs,
    running: () => mode === 'running',
  });

  function isIdle(): boolean {
    return runner.live.size === 0 && tail.resting;
  }

  /** Something left memory or a pass ended: a backlogged tail may read again; idle waiters may go. */
  function changed(): void {
    if (mode === 'running') tail.relieved();
    if (isIdle()) for (const resolve of idleWaiters.splice(0)) resolve();
  }

  function wake(): void {
    if (mode === 'running') tail.wake();
  }

  /** Manual sends also work on a node whose dispatcher was not started (an API-only process). */
  function refuseWhileStopping(): void {
    if (mode === 'draining' || mode === 'stopped') {
      throw new ServiceError(503, 'shutting_down', 'The service is shutting down; try again shortly.', {}, { 'Retry-After': '5' });
    }
  }

  // Each member is documented once, on the WebhookDispatcher contract above.
  return {
    webhooksChanged(workspaceId: string): void {
      cache.changed(workspaceId);
    },

    async sendTest(webhook: WebhookRow, requestedEvent: string | undefined): Promise<DeliveryRow> {
      refuseWhileStopping();
      return sendTest(webhook, requestedEvent);
    },

    async redeliver(row: DeliveryRow): Promise<DeliveryRow> {
      refuseWhileStopping();
      return runner.redeliver(row);
    },

    get mode(): DispatcherMode {
      return mode;
    },

    async start(): Promise<void> {
      if (mode !== 'created') return;
      mode = 'starting';
      await deliveries.ensureCursor(cursorName, clock.now().toISOString());
      await recovery.recover(options.startRecoveryGraceMs ?? 0);
      if (mode !== 'starting') return; // stopped while starting
      mode = 'running';
      wakeups = startFanOutWakeups({
        eventBus,
        monotonic: options.monotonic,
        tail,
        lead,
        pollEveryMs,
        idlePollMs,
        wake,
        heardRemote: (at) => (lastRemote = at),
      });
      periodic.start();
      wake();
    },

    async onRetryDue(payload: RetryTimerPayload): Promise<void> {
      if (mode !== 'running') throw new Error('shutting down'); // the timer stays and fires after restart
      if (runner.live.has(payload.deliveryId)) return;
      const row = await deliveries.get(payload.deliveryId);
      if (!row || row.state !== 'waiting' || row.attempt + 1 !== payload.attempt || !row.snapshot) return; // stale timer
      runner.resume(row, payload);
    },

    recover(graceMs = recoveryGraceMs) {
      return recovery.recover(graceMs);
    },

    async idle(): Promise<void> {
      if (isIdle()) return;
      await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },

    async stop(graceMs = Math.min(options.timeoutMs, 5_000)): Promise<void> {
      if (mode === 'created') {
        mode = 'stopped';
        return;
      }
      if (mode === 'draining' || mode === 'stopped') return;
      mode = 'draining';
      wakeups?.stop();
      lead?.close();
      const recoveryStopped = periodic.stop();
      await tail.close();
      await recoveryStopped;
      if (runner.live.size > 0) await drainAttempts({ drained: new Promise<void>((resolve) => idleWaiters.push(resolve)), slots, shutdown, graceMs });
      // What finished is written by the host's next tick (the host stops after the dispatcher).
      await options.actors.flushed().catch(() => undefined);
      runner.clear();
      // What this process fanned out and a shutdown cut short goes back to recovery now: a restart
      // (or another process) takes it at once, not after the grace that protects a live attempt.
      // Only rows still `scheduled` change: an attempt that was stored stays as it is.
      const unsent = [...runner.unsent];
      if (unsent.length > 0) await deliveries.releaseScheduled(unsent).catch((error: unknown) => logger.warn({ err: error, deliveries: unsent.length }, 'could not release unsent webhook deliveries; recovery takes them after its grace'));
      mode = 'stopped';
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

/**
 * A draining dispatcher's attempts in flight: they may finish for `graceMs`, then are aborted (an
 * aborted attempt stores nothing and runs again after restart); the wait ends when everything
 * left memory (`drained`) or a second after the abort. Deliveries still queued for a slot see the
 * dispatcher draining once the slots open, and give up without sending.
 */
async function drainAttempts(options: { drained: Promise<void>; slots: Pick<AttemptSlots, 'open'>; shutdown: AbortController; graceMs: number }): Promise<void> {
  const { graceMs } = options;
  const abortTimer = setTimeout(() => options.shutdown.abort(), graceMs);
  options.slots.open();
  let giveUp: NodeJS.Timeout | undefined;
  await Promise.race([options.drained, new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs + 1_000)))]);
  clearTimeout(abortTimer);
  clearTimeout(giveUp);
}
