import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { createActor, fromPromise, type Actor, type SnapshotFrom } from 'xstate';
import {
  webhookDeliveryMachine,
  webhookDeliveryMachineVersion,
  type AttemptInput,
  type AttemptOutput,
  type RecordAttemptParams,
  type ScheduleRetryParams,
} from '../../machines/webhookDelivery.js';
import type { Db } from '../../storage/db.js';
import type { EventRow, EventsRepository } from '../../storage/repositories/events.js';
import type { DeliveryRow, WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhookRow, WebhooksRepository } from '../../storage/repositories/webhooks.js';
import type { Clock } from '../clock.js';
import type { EventBus } from '../events/eventBus.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { RetrySchedule } from './retryPolicy.js';
import type { WebhookSender } from './sender.js';
import type { WebhookDispatchHooks } from './service.js';
import { signatureHeader, signPayload } from './signature.js';
import { succeededSnapshot, succeededSnapshotMachineVersion } from './succeededSnapshot.js';

/** The durable timer kind of a webhook retry; the key is the delivery id. */
export const retryTimerKind = 'webhook.retry';

/** Payload of a retry timer: RETRY_DUE for this attempt of this delivery. */
export interface RetryTimerPayload {
  deliveryId: string;
  attempt: number;
}

/**
 * What the dispatcher needs of the durable timers service: a row written in the caller's
 * transaction (so a delivery's result and its next wait commit together) and a handler per kind.
 */
export interface RetryTimers {
  schedule(trx: Db, key: string, dueAt: string, payload: RetryTimerPayload): Promise<void>;
  /** Tells a poller that a row was written, so a short wait is not held up by the poll interval. */
  wake?(dueAt: string): void;
}

export interface WebhookDispatcherOptions {
  db: Db;
  events: EventsRepository;
  webhooks: WebhooksRepository;
  deliveries: WebhookDeliveriesRepository;
  eventBus: EventBus;
  sender: WebhookSender;
  cipher: SecretCipher;
  timers: RetryTimers;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  schedule: RetrySchedule;
  /** Receiver timeout; bounds how long a shutdown waits for attempts in flight. */
  timeoutMs: number;
  /** Public base URL for the outcome links of debug payloads. */
  publicUrl?: () => string | undefined;
  /** Attempts in flight at once (the sender's socket pool should be at least this big). */
  concurrency?: number;
  /** Events read per fan-out pass. */
  batchSize?: number;
  /** Deliveries kept in memory at once; the tail waits while more are live. */
  maxLive?: number;
  /** Safety-net poll of the events table (bus notifications are hints). */
  pollEveryMs?: number;
  /** How long a hole in event positions (a writer that has not committed yet) is waited for. */
  gapWaitMs?: number;
  /** How old an orphaned delivery must be before this node adopts it (0 on a single node). */
  recoveryGraceMs?: number;
}

type DeliveryActor = Actor<typeof webhookDeliveryMachine>;
type DeliverySnapshot = SnapshotFrom<typeof webhookDeliveryMachine>;

/** A delivery this node is working on. */
interface LiveDelivery {
  row: DeliveryRow;
  /** Null while a first attempt runs without an actor (see `begin`). */
  actor: DeliveryActor | null;
  record: RecordAttemptParams | null;
  retry: ScheduleRetryParams | null;
  /** Set when a shutdown aborted the attempt in flight: nothing is stored, a restart redoes it. */
  abandoned: boolean;
  /**
   * The outcome of a first attempt made before the actor existed; the actor's `attempt` invoke
   * for that attempt number answers with it instead of sending again.
   */
  known: { attempt: number; output: AttemptOutput | null; error: unknown } | null;
  /** Settled after the next stored transition (waiting or final). */
  waiters: Array<{ resolve(row: DeliveryRow): void; reject(error: Error): void }>;
}

interface PendingWrite {
  entry: LiveDelivery;
  /** The whole row with the update applied (its changed columns are written, many rows per statement). */
  row: DeliveryRow;
  timer: { key: string; dueAt: string; payload: RetryTimerPayload } | null;
}

const cursorName = 'webhooks';

/**
 * Sends every stored event to the matching webhooks, durably (spec: Events, Delivery and retries;
 * DESIGN sections 2 and 4).
 *
 * - Tail: reads the events table after a stored cursor. The deliveries of a batch are inserted in
 *   the same transaction that moves the cursor (a compare-and-set, so two nodes never fan out the
 *   same events), so a restart misses nothing and fans out nothing twice. A bus notification only
 *   wakes the tail; a slow poll catches anything else.
 * - Each delivery is a `webhookDelivery` actor. After an attempt its result, its persisted snapshot
 *   and (when waiting) its retry timer commit in one transaction; a waiting actor is then stopped
 *   and dropped from memory, and the timer brings it back with RETRY_DUE. An immediate first
 *   attempt is made before the actor is created, which then only exists if it did not succeed
 *   (`begin`): a success stores the same row and snapshot the actor would have.
 * - Results are written in batches: whatever finished while the previous batch was being written.
 *
 * Call order: `start()` once, then `stop()` before the database closes.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions) {
  const { db, events, webhooks, deliveries, eventBus, sender, cipher, timers, clock, ids, logger } = options;
  const schedule = [...options.schedule];
  // The usual schedule starts with an immediate attempt; then a new delivery sends before it
  // needs an actor (see `begin`), as long as the machine is the one `succeededSnapshot` follows.
  const immediateFirstAttempt = schedule.length > 0 && schedule[0] === 0 && webhookDeliveryMachineVersion === succeededSnapshotMachineVersion;
  const concurrency = options.concurrency ?? 64;
  const batchSize = options.batchSize ?? 500;
  const maxLive = options.maxLive ?? 10_000;
  const pollEveryMs = options.pollEveryMs ?? 500;
  const gapWaitMs = options.gapWaitMs ?? 5_000;
  const recoveryGraceMs = options.recoveryGraceMs ?? 0;
  const cacheTtlMs = 2_000;

  const live = new Map<string, LiveDelivery>();
  const shutdown = new AbortController();
  let started = false;
  let stopping = false;

  // ---- webhook caches (a change on this node clears them at once; other nodes within the TTL) ----
  const activeByWorkspace = new Map<string, { rows: WebhookRow[]; at: number }>();
  const byId = new Map<string, { row: WebhookRow; secret: string; at: number }>();

  function webhooksChanged(workspaceId: string): void {
    activeByWorkspace.delete(workspaceId);
    loading.clear();
    for (const [id, entry] of byId) if (entry.row.workspace_id === workspaceId) byId.delete(id);
  }

  async function activeWebhooks(workspaceIds: string[]): Promise<Map<string, WebhookRow[]>> {
    const now = performance.now();
    const missing = workspaceIds.filter((id) => {
      const cached = activeByWorkspace.get(id);
      return !cached || now - cached.at > cacheTtlMs;
    });
    if (missing.length > 0) {
      const rows = await webhooks.listActive(missing);
      for (const id of missing) activeByWorkspace.set(id, { rows: rows.filter((row) => row.workspace_id === id), at: now });
    }
    return new Map(workspaceIds.map((id) => [id, activeByWorkspace.get(id)?.rows ?? []]));
  }

  function cachedWebhook(id: string): { row: WebhookRow; secret: string } | undefined {
    const cached = byId.get(id);
    return cached && performance.now() - cached.at <= cacheTtlMs ? cached : undefined;
  }

  // One read per webhook when its cache entry expires, not one per attempt waiting on it.
  const loading = new Map<string, Promise<{ row: WebhookRow; secret: string } | undefined>>();

  async function webhookFor(id: string): Promise<{ row: WebhookRow; secret: string } | undefined> {
    const cached = cachedWebhook(id);
    if (cached) return cached;
    let pending = loading.get(id);
    if (!pending) {
      pending = (async () => {
        const row = await webhooks.getAny(id);
        if (!row) return undefined;
        const entry = { row, secret: cipher.decrypt(row.secret), at: performance.now() };
        if (loading.get(id) === pending) byId.set(id, entry); // unless a change cleared it meanwhile
        return entry;
      })().finally(() => {
        if (loading.get(id) === pending) loading.delete(id);
      });
      loading.set(id, pending);
    }
    return pending;
  }

  // ---- attempt concurrency ----
  let inFlight = 0;
  const slotQueue: Array<() => void> = [];
  /** Takes a slot at once when one is free (true), else the caller awaits `waitForSlot()`. */
  function tryAcquireSlot(): boolean {
    if (inFlight < concurrency || stopping) {
      inFlight++;
      return true;
    }
    return false;
  }
  function waitForSlot(): Promise<void> {
    return new Promise<void>((resolve) => slotQueue.push(resolve));
  }
  function releaseSlot(): void {
    const next = slotQueue.shift();
    if (next) next();
    else inFlight--;
  }

  // ---- the envelope ----
  function envelope(kind: string, timestamp: string, data: unknown): string {
    return JSON.stringify({ event: kind, timestamp, data });
  }

  /**
   * A debug webhook's body: the stored envelope with a `debug` member appended. It is built per
   * attempt because it names the attempt; every other body is sent exactly as stored.
   */
  function debugBody(row: DeliveryRow, attempt: number): string {
    const base = options.publicUrl?.();
    const outcomeId = outcomeIdOf(row.body);
    const debug = {
      delivery_id: row.id,
      webhook_id: row.webhook_id,
      event_id: row.event_id,
      attempt,
      max_attempts: schedule.length,
      retry_schedule_ms: schedule,
      ...(outcomeId
        ? {
            outcome_id: outcomeId,
            outcome_url: `${base ?? ''}/v1/outcomes/${outcomeId}`,
            stream_url: `${(base ?? '').replace(/^http/, 'ws')}/v1/outcomes/${outcomeId}/stream`,
          }
        : {}),
    };
    return `${row.body.slice(0, -1)},"debug":${JSON.stringify(debug)}}`;
  }

  // ---- the machine, with the runtime's implementations in its slots ----
  const machine = webhookDeliveryMachine.provide({
    actors: {
      attempt: fromPromise<AttemptOutput, AttemptInput>(({ input }) => attempt(input)),
    },
    actions: {
      recordAttempt: (_, params) => {
        const entry = live.get(params.deliveryId);
        if (entry) entry.record = params;
      },
      scheduleRetry: (_, params) => {
        const entry = live.get(params.deliveryId);
        if (entry) entry.retry = params;
      },
    },
  });

  async function attempt(input: AttemptInput): Promise<AttemptOutput> {
    const entry = live.get(input.deliveryId);
    if (!entry) throw new Error(`delivery ${input.deliveryId} is not live on this node`);
    const { row } = entry;
    // A first attempt made before the actor existed: its outcome, not a second send.
    const known = entry.known;
    if (known && known.attempt === input.attempt) {
      entry.known = null;
      if (known.output) return known.output;
      throw known.error;
    }
    // A restored actor runs its attempt again: where the result is stored, answer with it.
    if (row.attempt >= input.attempt && row.delivered_at) {
      return {
        ok: row.state === 'succeeded',
        status: row.response_code,
        responseTimeMs: row.response_time_ms ?? 0,
        at: row.delivered_at,
        ...(row.error ? { error: row.error } : {}),
      };
    }
    return send(entry, input.attempt);
  }

  /** Makes attempt `attemptNo` of a live delivery: the signed POST, within the concurrency bound. */
  async function send(entry: LiveDelivery, attemptNo: number): Promise<AttemptOutput> {
    const { row } = entry;
    const webhook = cachedWebhook(row.webhook_id) ?? (await webhookFor(row.webhook_id));
    if (!webhook || webhook.row.deleted_at) throw new Error('the webhook was deleted');
    if (!webhook.row.active && !row.test) throw new Error('the webhook was deactivated');
    if (!tryAcquireSlot()) await waitForSlot();
    try {
      if (stopping) {
        entry.abandoned = true;
        throw new Error('shutting down');
      }
      const at = clock.now().toISOString();
      const body = webhook.row.debug ? debugBody(row, attemptNo) : row.body;
      const result = await sender.send({
        url: webhook.row.url,
        body,
        headers: {
          [signatureHeader]: signPayload(webhook.secret, body),
          'X-Service-Event': row.event,
          'X-Service-Delivery': row.id,
          'X-Service-Timestamp': at,
          'X-Service-Attempt': String(attemptNo),
        },
        signal: shutdown.signal,
      });
      if (shutdown.signal.aborted) entry.abandoned = true;
      return result.error === undefined
        ? { ok: result.ok, status: result.status, responseTimeMs: result.responseTimeMs, at }
        : { ok: result.ok, status: result.status, responseTimeMs: result.responseTimeMs, error: result.error, at };
    } finally {
      releaseSlot();
    }
  }

  /**
   * Starts a delivery whose first attempt has not been made. The first attempt is immediate in the
   * usual schedule, and most of them succeed: for those, running an actor only to reach
   * `succeeded` costs more than the attempt itself. So the attempt is made first, and:
   * - a success is stored as the machine ends it (`succeeded`, the attempt recorded, no retry;
   *   `succeededSnapshot` is the snapshot the actor would persist);
   * - anything else starts the actor, whose `attempt` invoke answers with that outcome: the machine
   *   decides between waiting, failed and the retry timer, exactly as if it had sent itself.
   * Either way nothing is stored before the attempt ends, as before; a crash meanwhile leaves the
   * row `scheduled` and recovery attempts it again.
   */
  function begin(row: DeliveryRow): LiveDelivery {
    if (!immediateFirstAttempt || row.attempt !== 0 || row.snapshot !== null) {
      const entry = spawn(row, restore(row));
      entry.actor!.start();
      return entry;
    }
    const entry: LiveDelivery = { row, actor: null, record: null, retry: null, abandoned: false, known: null, waiters: [] };
    live.set(row.id, entry);
    send(entry, 1).then(
      (output) => {
        if (live.get(row.id) !== entry) return; // dropped by a stop that did not wait for it
        if (output.ok && !entry.abandoned) succeed(entry, output);
        else startWith(entry, output, null);
      },
      (error: unknown) => {
        if (live.get(row.id) === entry) startWith(entry, null, error);
      },
    );
    return entry;
  }

  function startWith(entry: LiveDelivery, output: AttemptOutput | null, error: unknown): void {
    entry.known = { attempt: 1, output, error };
    attachActor(entry, null);
    entry.actor!.start();
  }

  /** A first attempt that succeeded: what the machine's attempting -> succeeded transition stores. */
  function succeed(entry: LiveDelivery, output: AttemptOutput): void {
    const { row } = entry;
    const snapshot = succeededSnapshot({ deliveryId: row.id, webhookId: row.webhook_id, schedule, scheduledAt: row.created_at }, output);
    store(entry, 'succeeded', { deliveryId: row.id, webhookId: row.webhook_id, attempt: 1, result: output, nextRetryAt: null }, null, null, JSON.stringify(snapshot));
  }

  function spawn(row: DeliveryRow, snapshot: DeliverySnapshot | null): LiveDelivery {
    const entry: LiveDelivery = { row, actor: null, record: null, retry: null, abandoned: false, known: null, waiters: [] };
    live.set(row.id, entry);
    attachActor(entry, snapshot);
    return entry;
  }

  function attachActor(entry: LiveDelivery, snapshot: DeliverySnapshot | null): void {
    const { row } = entry;
    const actor = snapshot
      ? createActor(machine, { snapshot, input: undefined as never })
      : createActor(machine, {
          input: { deliveryId: row.id, webhookId: row.webhook_id, schedule, attempt: row.attempt, scheduledAt: row.created_at },
        });
    entry.actor = actor;
    let lastSeen: DeliverySnapshot | null = null;
    actor.subscribe({
      next: (next) => {
        if (next === lastSeen) return;
        lastSeen = next;
        if (next.status === 'done' || next.matches('waiting')) settle(entry, next);
      },
      error: (error) => logger.error({ err: error, delivery_id: row.id }, 'webhook delivery actor failed'),
    });
  }

  /** Drops a delivery without storing anything (a shutdown cut it short): a restart redoes it. */
  function abandon(entry: LiveDelivery): void {
    live.delete(entry.row.id);
    entry.actor?.stop();
    for (const waiter of entry.waiters.splice(0)) waiter.reject(new Error('the service is shutting down; the delivery runs again after restart'));
    onLiveChanged();
  }

  /** Stores what the last transition left (a result, maybe a timer); then drops a resting actor. */
  function settle(entry: LiveDelivery, snapshot: DeliverySnapshot): void {
    if (entry.abandoned || (stopping && !entry.record && snapshot.status === 'done')) {
      abandon(entry);
      return;
    }
    if (snapshot.matches('waiting') && !entry.retry) return; // restored at rest: nothing new
    const record = entry.record;
    const retry = entry.retry;
    entry.record = null;
    entry.retry = null;
    const state = snapshot.status === 'done' ? (snapshot.value as 'succeeded' | 'failed') : 'waiting';
    store(entry, state, record, retry, snapshot.context.nextRetryAt, JSON.stringify(entry.actor!.getPersistedSnapshot()), snapshot.context.error);
  }

  /** Queues the row write of a transition to `state` (and its retry timer when waiting). */
  function store(
    entry: LiveDelivery,
    state: 'waiting' | 'succeeded' | 'failed',
    record: RecordAttemptParams | null,
    retry: ScheduleRetryParams | null,
    nextRetryAt: string | null,
    snapshot: string,
    contextError: string | null = null,
  ): void {
    const { row } = entry;
    const nextRetry = state === 'waiting' ? (nextRetryAt ?? new Date(clock.now().getTime() + (retry?.delayMs ?? 0)).toISOString()) : null;
    const next: DeliveryRow = {
      id: row.id,
      webhook_id: row.webhook_id,
      workspace_id: row.workspace_id,
      event_id: row.event_id,
      event: row.event,
      body: row.body,
      test: row.test,
      state,
      attempt: record ? record.attempt : row.attempt,
      response_code: record ? record.result.status : row.response_code,
      response_time_ms: record ? record.result.responseTimeMs : row.response_time_ms,
      delivered_at: record ? record.result.at : row.delivered_at,
      next_retry: nextRetry,
      error: record ? (record.result.error ?? null) : (contextError ?? row.error),
      snapshot,
      machine_version: row.machine_version,
      created_at: row.created_at,
      updated_at: row.updated_at, // set when the batch is written
    };
    const timer = state === 'waiting' && retry ? { key: row.id, dueAt: nextRetry!, payload: { deliveryId: row.id, attempt: retry.attempt } } : null;
    write({ entry, row: next, timer });
  }

  /** The write of `item` committed: at rest (waiting) or finished, the timer, not memory, brings it back. */
  function committed(item: PendingWrite): void {
    const { entry } = item;
    entry.row = item.row;
    live.delete(item.row.id);
    entry.actor?.stop();
    for (const waiter of entry.waiters.splice(0)) waiter.resolve(item.row);
    if (item.timer) timers.wake?.(item.timer.dueAt);
  }

  // ---- batched result writes ----
  let queue: PendingWrite[] = [];
  let writing: Promise<void> | null = null;

  function write(item: PendingWrite): void {
    queue.push(item);
    if (!writing) {
      writing = drainWrites().finally(() => {
        writing = null;
        onLiveChanged();
      });
    }
  }

  async function drainWrites(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const now = clock.now().toISOString();
      const rows = new Array<DeliveryRow>(batch.length);
      let withTimer = false;
      for (let i = 0; i < batch.length; i++) {
        const item = batch[i]!;
        item.row.updated_at = now;
        rows[i] = item.row;
        if (item.timer) withTimer = true;
      }
      try {
        if (withTimer) {
          await db.transaction(async (trx) => {
            await deliveries.updateMany(rows, trx);
            for (const item of batch) if (item.timer) await timers.schedule(trx, item.timer.key, item.timer.dueAt, item.timer.payload);
          });
        } else {
          // Without timers the rows are independent of each other and of anything else: each
          // statement (thousands of rows) commits on its own, saving a transaction's round trips.
          await deliveries.updateMany(rows);
        }
        for (const item of batch) committed(item);
      } catch (error) {
        // The rows keep their last stored state; recovery picks them up again.
        logger.error({ err: error, deliveries: batch.length }, 'storing webhook delivery results failed');
        for (const item of batch) {
          live.delete(item.row.id);
          item.entry.actor?.stop();
          for (const waiter of item.entry.waiters.splice(0)) waiter.reject(error as Error);
        }
      }
      onLiveChanged();
    }
  }

  // ---- the tail: events -> deliveries ----
  let pumping: Promise<void> | null = null;
  let again = false;
  let gap: { position: number; since: number } | null = null;
  let gapTimer: NodeJS.Timeout | null = null;
  let idleWaiters: Array<() => void> = [];

  function wake(): void {
    if (!started || stopping) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      do {
        again = false;
        try {
          while (!stopping && live.size < maxLive && (await pass())) {
            // keep reading while whole batches come back
          }
        } catch (error) {
          logger.error({ err: error }, 'webhook fan-out failed; retrying on the next poll');
        }
      } while (again && !stopping);
    })().finally(() => {
      pumping = null;
      onLiveChanged();
    });
  }

  function onLiveChanged(): void {
    if (live.size < maxLive / 2 && started && !stopping && !pumping && backlogged) {
      backlogged = false;
      wake();
    }
    if (live.size === 0 && !pumping && queue.length === 0 && !writing) {
      for (const resolve of idleWaiters.splice(0)) resolve();
    }
  }
  let backlogged = false;

  /** One fan-out batch; true when a full batch was read (there may be more). */
  async function pass(): Promise<boolean> {
    if (live.size >= maxLive) {
      backlogged = true;
      return false;
    }
    const cursor = await deliveries.readCursor(cursorName);
    const batch = await events.listAfterPosition(cursor, batchSize);
    if (batch.length === 0) return false;
    const usable = contiguous(cursor, batch);
    if (usable.length === 0) return false;
    const last = usable[usable.length - 1]!;

    const targets = await activeWebhooks([...new Set(usable.map((event) => event.workspace_id))]);
    const now = clock.now().toISOString();
    const rows: DeliveryRow[] = [];
    for (const event of usable) {
      let body: string | null = null;
      for (const webhook of targets.get(event.workspace_id) ?? []) {
        if (event.position <= webhook.since_position || !webhook.events.includes(event.kind)) continue;
        body ??= envelope(event.kind, event.timestamp, event.data);
        rows.push(newDelivery(webhook.id, webhook.workspace_id, event.id, event.kind, body, false, now));
      }
    }
    const moved = await db.transaction(async (trx) => {
      const ok = await deliveries.moveCursor(cursorName, cursor, last.position, now, trx);
      if (ok) await deliveries.insertMany(rows, trx);
      return ok;
    });
    if (!moved) return true; // another node fanned these out; read on from where it left off
    for (const row of rows) begin(row);
    return usable.length === batch.length && batch.length === batchSize;
  }

  /**
   * The events that directly follow the cursor. A missing position may be a transaction that took
   * its number but has not committed yet (Postgres): wait for it up to gapWaitMs, then skip it.
   */
  function contiguous(cursor: number, batch: EventRow[]): EventRow[] {
    let expected = cursor + 1;
    for (let i = 0; i < batch.length; i++) {
      const event = batch[i]!;
      if (event.position !== expected) {
        const now = performance.now();
        if (!gap || gap.position !== expected) gap = { position: expected, since: now };
        if (now - gap.since < gapWaitMs) {
          if (!gapTimer) {
            gapTimer = setTimeout(() => {
              gapTimer = null;
              wake();
            }, 50);
            gapTimer.unref();
          }
          return batch.slice(0, i);
        }
        logger.warn({ position: expected }, 'skipping a hole in event positions');
        gap = null;
      }
      expected = event.position + 1;
    }
    return batch;
  }

  function newDelivery(webhookId: string, workspaceId: string, eventId: string | null, kind: string, body: string, test: boolean, now: string): DeliveryRow {
    return {
      id: ids.id('del', 20),
      webhook_id: webhookId,
      workspace_id: workspaceId,
      event_id: eventId,
      event: kind,
      body,
      test,
      state: 'scheduled',
      attempt: 0,
      response_code: null,
      response_time_ms: null,
      delivered_at: null,
      next_retry: null,
      error: null,
      snapshot: null,
      machine_version: webhookDeliveryMachineVersion,
      created_at: now,
      updated_at: now,
    };
  }

  // ---- retries and recovery ----

  /** The retry timer fired: bring the delivery back from its stored snapshot and send RETRY_DUE. */
  async function onRetryDue(payload: RetryTimerPayload): Promise<void> {
    if (stopping) throw new Error('shutting down'); // the timer stays and fires after restart
    if (live.has(payload.deliveryId)) return;
    const row = await deliveries.get(payload.deliveryId);
    if (!row || row.state !== 'waiting' || row.attempt + 1 !== payload.attempt || !row.snapshot) return; // stale timer
    const entry = spawn(row, restore(row));
    entry.actor!.start();
    entry.actor!.send({ type: 'RETRY_DUE', attempt: payload.attempt });
  }

  function restore(row: DeliveryRow): DeliverySnapshot | null {
    if (!row.snapshot) return null;
    if (row.machine_version !== webhookDeliveryMachineVersion) {
      logger.warn({ delivery_id: row.id, version: row.machine_version }, 'restoring a webhook delivery stored by another machine version');
    }
    return JSON.parse(row.snapshot) as DeliverySnapshot;
  }

  /** Deliveries left unfinished by a stopped or crashed node. */
  async function recover(): Promise<void> {
    const cutoff = new Date(clock.now().getTime() - recoveryGraceMs).toISOString();
    let after = '';
    for (;;) {
      const rows = await deliveries.listScheduled(500, after);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      for (const row of rows) {
        if (live.has(row.id) || row.updated_at > cutoff) continue;
        begin(row);
      }
    }
    // A waiting delivery whose timer already fired but whose attempt never got stored.
    // On a cluster, only those overdue by more than the grace period (another node may be mid-attempt).
    const orphans = (await deliveries.listWaitingWithoutTimer(retryTimerKind, 1_000)).filter(
      (row) => !live.has(row.id) && (recoveryGraceMs === 0 || (row.next_retry ?? '') <= cutoff),
    );
    if (orphans.length > 0) {
      const now = clock.now().toISOString();
      await db.transaction(async (trx) => {
        for (const row of orphans) {
          await timers.schedule(trx, row.id, row.next_retry && row.next_retry > now ? row.next_retry : now, { deliveryId: row.id, attempt: row.attempt + 1 });
        }
      });
      timers.wake?.(now);
    }
  }

  // ---- the test operation ----
  async function sendTest(webhook: WebhookRow, requestedEvent: string | undefined): Promise<DeliveryRow> {
    if (stopping) throw new Error('the webhook dispatcher is stopping');
    const now = clock.now().toISOString();
    const message = requestedEvent && requestedEvent !== 'webhook.test'
      ? `Test delivery from crewd: this webhook is set up to receive ${requestedEvent} events.`
      : 'Test delivery from crewd: this webhook is set up correctly.';
    const body = envelope('webhook.test', now, { webhook_id: webhook.id, test: true, message });
    const row = newDelivery(webhook.id, webhook.workspace_id, null, 'webhook.test', body, true, now);
    await deliveries.insertMany([row]);
    let waiter!: LiveDelivery['waiters'][number];
    const settled = new Promise<DeliveryRow>((resolve, reject) => (waiter = { resolve, reject }));
    begin(row).waiters.push(waiter);
    return settled;
  }

  let poll: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;

  const hooks: WebhookDispatchHooks = { webhooksChanged, sendTest };

  return {
    ...hooks,

    /** Restores unfinished deliveries, then follows the events table. */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      await deliveries.ensureCursor(cursorName, clock.now().toISOString());
      await recover();
      unsubscribe = eventBus.subscribe(() => wake());
      poll = setInterval(wake, pollEveryMs);
      poll.unref();
      wake();
    },

    onRetryDue,

    /** Runs recovery again (operators, tests; also worth calling periodically on a cluster). */
    recover,

    /** Resolves when nothing is being fanned out, attempted or written. */
    async idle(): Promise<void> {
      if (live.size === 0 && !pumping && queue.length === 0 && !writing) return;
      await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },

    get liveCount(): number {
      return live.size;
    },

    /**
     * Stops taking new work, lets attempts in flight finish (up to `graceMs`, then aborts them:
     * an aborted attempt stores nothing and runs again after restart), and writes what finished.
     */
    async stop(graceMs = Math.min(options.timeoutMs, 5_000)): Promise<void> {
      if (!started || stopping) return;
      stopping = true;
      unsubscribe?.();
      if (poll) clearInterval(poll);
      if (gapTimer) clearTimeout(gapTimer);
      await pumping;
      if (live.size > 0) {
        const drained = new Promise<void>((resolve) => idleWaiters.push(resolve));
        const timer = setTimeout(() => shutdown.abort(), graceMs);
        // Deliveries still queued for a slot will see `stopping` and give up without sending.
        for (const resolve of slotQueue.splice(0)) {
          inFlight++;
          resolve();
        }
        await Promise.race([drained, new Promise<void>((resolve) => setTimeout(resolve, graceMs + 1_000))]);
        clearTimeout(timer);
      }
      await writing;
      for (const entry of live.values()) entry.actor?.stop();
      live.clear();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

function outcomeIdOf(body: string): string | null {
  const match = /"outcome_id":"(out_[A-Za-z0-9]+)"/.exec(body);
  return match?.[1] ?? null;
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
