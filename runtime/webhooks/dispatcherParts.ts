import { createAttemptRunner } from './attemptRunner.js';
import { createAttemptSlots } from './attemptSlots.js';
import type { WebhookDispatcherOptions } from './dispatcherOptions.js';
import { createEventTail } from './eventTail.js';
import { createGoneWebhook } from './goneWebhook.js';
import { createRecovery } from './recovery.js';
import { createTestSend } from './testSend.js';
import { createWebhookCache } from './webhookCache.js';

export interface DispatcherPartsOptions
  extends Pick<
    WebhookDispatcherOptions,
    | 'db'
    | 'actors'
    | 'events'
    | 'webhooks'
    | 'deliveries'
    | 'sender'
    | 'cipher'
    | 'timers'
    | 'clock'
    | 'monotonic'
    | 'ids'
    | 'logger'
    | 'schedule'
    | 'jitter'
    | 'random'
    | 'eventBus'
    | 'publicUrl'
    | 'concurrency'
    | 'batchSize'
    | 'maxLive'
    | 'gapWaitMs'
    | 'eventData'
  > {
  /** True once the dispatcher drains or stopped: attempts not yet sent give up. */
  stopping(): boolean;
  /** Aborts attempts in flight when a shutdown's grace period is over. */
  shutdownSignal: AbortSignal;
  /** Something left memory or a pass ended (the dispatcher's idle and backlog check). */
  changed(): void;
  /** This node moved the fan-out's cursor to `position`. */
  moved?(position: number): void;
}

/**
 * Creates the dispatcher's parts and wires them to one another: the webhook cache, the attempt
 * slots, the attempt runner (delivery actors on the actor host), the event tail, recovery and the
 * test send.
 * The dispatcher drives their lifecycle; nothing here starts a timer or reads the database.
 */
export function createDispatcherParts(options: DispatcherPartsOptions) {
  const { db, events, webhooks, deliveries, sender, cipher, timers, clock, monotonic, ids, logger, changed } = options;

  const cache = createWebhookCache({ webhooks, cipher, monotonic });
  const gone = createGoneWebhook({ db, webhooks, events, eventBus: options.eventBus, clock, logger, changed: (workspaceId) => cache.changed(workspaceId) });
  const slots = createAttemptSlots(options.concurrency ?? 64);
  const runner = createAttemptRunner({
    actors: options.actors,
    deliveries,
    sender,
    cache,
    slots,
    clock,
    logger,
    schedule: options.schedule,
    jitter: options.jitter ?? 0,
    random: options.random ?? Math.random,
    gone,
    stopping: options.stopping,
    shutdownSignal: options.shutdownSignal,
    publicUrl: options.publicUrl,
    changed,
  });
  const tail = createEventTail({
    db,
    events,
    deliveries,
    cache,
    clock,
    monotonic,
    ids,
    logger,
    liveCount: () => runner.live.size,
    begin: (row) => runner.begin(row),
    rested: changed,
    batchSize: options.batchSize ?? 500,
    maxLive: options.maxLive ?? 10_000,
    gapWaitMs: options.gapWaitMs ?? 5_000,
    ...(options.eventData ? { eventData: options.eventData } : {}),
    ...(options.moved ? { moved: options.moved } : {}),
  });
  const recovery = createRecovery({ db, deliveries, timers, clock, liveIds: () => runner.live.keys(), begin: (row) => runner.begin(row) });
  const sendTest = createTestSend({ deliveries, runner, clock, ids });

  return { cache, slots, runner, tail, recovery, sendTest };
}
