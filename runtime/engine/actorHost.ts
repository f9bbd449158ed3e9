import { performance } from 'node:perf_hooks';
import { createActor, type Actor, type AnyActorLogic, type AnyMachineSnapshot, type StateValue } from 'xstate';
import type { Db } from '../../storage/db.js';
import { insertValues } from '../../storage/repositories/chunks.js';
import type { ActorsRepository, EncodedActorRow } from '../../storage/repositories/actors.js';
import type { NewEvent } from '../../storage/repositories/events.js';
import type { Clock } from '../clock.js';
import type { EventBus } from '../events/eventBus.js';
import type { IdGenerator } from '../ids.js';

/** A spec event a machine emits: `{type: 'event', event, timestamp, sequence, data}`. */
export interface EmittedEvent {
  type: 'event';
  event: string;
  timestamp: string;
  sequence: number;
  data: Record<string, unknown>;
}

/**
 * How the host runs one kind of machine. `logic` is the machine with every slot provided.
 * `project` writes the machine's read model (e.g. the outcomes table) for the snapshots of one
 * flush, inside the flush's transaction, so reads never run ahead of durable state.
 */
export interface MachineDefinition {
  name: string;
  version: number;
  logic: AnyActorLogic;
  /** At rest: persisted as `idle`, then stopped and dropped from memory until loaded again. */
  atRest(snapshot: AnyMachineSnapshot): boolean;
  workspaceOf(snapshot: AnyMachineSnapshot): string | null;
  project?(items: Array<{ id: string; snapshot: AnyMachineSnapshot }>, trx: Db, now: string): Promise<void>;
  /** Called after every transition of a live actor, synchronously (never for a restore's first snapshot). */
  onTransition?(id: string, snapshot: AnyMachineSnapshot, previous: AnyMachineSnapshot | undefined): void;
}

const eventColumns = ['id', 'workspace_id', 'outcome_id', 'sequence', 'kind', 'timestamp', 'data'] as const;

/** One batched write: rows of one kind, written together by the kind's registered writer. */
type Writer = (rows: unknown[], trx: Db) => Promise<void>;

interface LiveActor {
  id: string;
  def: MachineDefinition;
  actor: Actor<AnyActorLogic>;
  createdAt: string;
  loadedAt: number;
  last: AnyMachineSnapshot | undefined;
  unsubscribe: () => void;
}

interface Batch {
  dirty: Set<string>;
  events: NewEvent[];
  rows: Map<string, unknown[]>;
  waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
}

function newBatch(): Batch {
  return { dirty: new Set(), events: [], rows: new Map(), waiters: [] };
}

function isEmpty(batch: Batch): boolean {
  return batch.dirty.size === 0 && batch.events.length === 0 && batch.rows.size === 0 && batch.waiters.length === 0;
}

/**
 * An event's id, derived from where it belongs: `(outcome, sequence)` is already unique, so the id
 * is too, a re-written event keeps its id, and no randomness is spent per event.
 */
export function eventId(actorId: string, sequence: number): string {
  return `evt_${actorId.replace(/^[a-z]+_/, '')}_${sequence}`;
}

/** `{processing: 'stage'}` -> `processing.stage` */
export function stateValueString(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? key : `${key}.${stateValueString(child as StateValue)}`))
    .join(',');
}

export interface ActorHostDeps {
  db: Db;
  actors: ActorsRepository;
  eventBus: EventBus;
  clock: Clock;
  ids: IdGenerator;
  onError(error: unknown, message: string): void;
  /** Backoff after a failed flush before the same batch is tried again. */
  retryDelayMs?: number;
}

/**
 * Runs actors and keeps them durable (DESIGN section 2). After every transition the actor is
 * marked dirty; once per tick the host writes, in ONE transaction, the `getPersistedSnapshot()`
 * of every dirty actor (multi-row upsert), the read models, the emitted events and any rows
 * staged with `stage()`; after commit it publishes the events and resolves `flushed()` waiters.
 * Writes queue up while a flush runs and go out together in the next one (group commit).
 * Actors at rest are persisted as `idle` and dropped from memory; `load()` brings them back.
 */
export function createActorHost(deps: ActorHostDeps) {
  const { db, clock, ids } = deps;
  const definitions = new Map<string, MachineDefinition>();
  const writers = new Map<string, Writer>();
  const live = new Map<string, LiveActor>();
  const loading = new Map<string, Promise<LiveActor>>();
  let batch = newBatch();
  let scheduled = false;
  let flushing = false;
  let closed = false;
  let lastError: unknown = null;
  const stats = { flushes: 0, flushMs: 0, snapshots: 0, events: 0, snapshotBytes: 0 };

  function schedule(): void {
    if (scheduled || flushing || closed) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void drain();
    });
  }

  async function write(current: Batch): Promise<LiveActor[]> {
    const now = clock.now().toISOString();
    const rows: EncodedActorRow[] = [];
    const byDef = new Map<MachineDefinition, Array<{ id: string; snapshot: AnyMachineSnapshot }>>();
    const resting: LiveActor[] = [];
    for (const id of current.dirty) {
      const entry = live.get(id);
      if (!entry) continue;
      const snapshot = entry.actor.getSnapshot() as AnyMachineSnapshot;
      const status = snapshot.status === 'error' ? 'error' : entry.def.atRest(snapshot) ? 'idle' : 'active';
      rows.push({
        id,
        machine: entry.def.name,
        version: entry.def.version,
        workspace_id: entry.def.workspaceOf(snapshot),
        status,
        state_value: stateValueString(snapshot.value).slice(0, 200),
        snapshot: JSON.stringify(entry.actor.getPersistedSnapshot()),
        input: null,
        created_at: entry.createdAt,
        updated_at: now,
      });
      if (entry.def.project) {
        let list = byDef.get(entry.def);
        if (!list) byDef.set(entry.def, (list = []));
        list.push({ id, snapshot });
      }
      if (status !== 'active') resting.push(entry);
    }
    const started = performance.now();
    stats.flushes += 1;
    stats.snapshots += rows.length;
    stats.events += current.events.length;
    for (const row of rows) stats.snapshotBytes += row.snapshot?.length ?? 0;
    await db.transaction(async (trx) => {
      for (const [kind, staged] of current.rows) await writers.get(kind)!(staged, trx);
      await deps.actors.upsertMany(rows, trx);
      for (const [def, items] of byDef) await def.project!(items, trx, now);
      await insertValues(
        trx,
        'events',
        eventColumns,
        current.events.map((e) => [e.id, e.workspace_id, e.outcome_id, e.sequence, e.kind, e.timestamp, JSON.stringify(e.data)]),
        'on conflict ("outcome_id", "sequence") do nothing',
      );
    });
    stats.flushMs += performance.now() - started;
    return resting;
  }

  async function drain(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (!isEmpty(batch)) {
        const current = batch;
        batch = newBatch();
        let resting: LiveActor[];
        try {
          resting = await write(current);
          lastError = null;
        } catch (error) {
          lastError = error;
          deps.onError(error, 'actor host flush failed; retrying');
          // Put everything back in front of what arrived meanwhile and try again after a pause.
          for (const id of batch.dirty) current.dirty.add(id);
          current.events.push(...batch.events);
          for (const [kind, rows] of batch.rows) current.rows.set(kind, [...(current.rows.get(kind) ?? []), ...rows]);
          current.waiters.push(...batch.waiters);
          batch = current;
          if (closed) break;
          await new Promise((resolve) => setTimeout(resolve, deps.retryDelayMs ?? 200));
          continue;
        }
        deps.eventBus.publish(current.events);
        for (const waiter of current.waiters) waiter.resolve();
        for (const entry of resting) {
          // Still at rest and nothing new to write: let it go.
          if (live.get(entry.id) === entry && !batch.dirty.has(entry.id) && entry.def.atRest(entry.actor.getSnapshot() as AnyMachineSnapshot)) {
            drop(entry);
          }
        }
      }
    } finally {
      flushing = false;
      if (!isEmpty(batch)) schedule();
    }
  }

  function drop(entry: LiveActor): void {
    entry.unsubscribe();
    entry.actor.stop();
    live.delete(entry.id);
  }

  function attach(def: MachineDefinition, id: string, actor: Actor<AnyActorLogic>, createdAt: string): LiveActor {
    const entry: LiveActor = { id, def, actor, createdAt, loadedAt: clock.now().getTime(), last: undefined, unsubscribe: () => undefined };
    const onEmitted = actor.on('event', (emitted: EmittedEvent) => {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      batch.events.push({
        id: eventId(id, emitted.sequence),
        workspace_id: def.workspaceOf(snapshot) ?? '',
        outcome_id: id,
        sequence: emitted.sequence,
        kind: emitted.event,
        timestamp: emitted.timestamp,
        data: emitted.data,
      });
    });
    const subscription = actor.subscribe({
      next: (snapshot) => {
        if (closed) return;
        const previous = entry.last;
        entry.last = snapshot as AnyMachineSnapshot;
        if (previous === undefined && entry.loadedAt === -1) return;
        batch.dirty.add(id);
        schedule();
        def.onTransition?.(id, snapshot as AnyMachineSnapshot, previous);
      },
      error: (error) => {
        deps.onError(error, `actor ${id} (${def.name}) failed`);
        batch.dirty.add(id);
        schedule();
      },
    });
    entry.unsubscribe = () => {
      onEmitted.unsubscribe();
      subscription.unsubscribe();
    };
    live.set(id, entry);
    return entry;
  }

  function definition(name: string): MachineDefinition {
    const def = definitions.get(name);
    if (!def) throw new Error(`no machine named ${name} is registered with the actor host`);
    return def;
  }

  async function loadRow(id: string): Promise<LiveActor> {
    const row = await deps.actors.get(id);
    if (!row) throw new Error(`actor ${id} is not stored`);
    const existing = live.get(id);
    if (existing) return existing;
    const def = definition(row.machine);
    const actor = row.snapshot ? createActor(def.logic, { snapshot: row.snapshot as never }) : createActor(def.logic, { input: row.input as never });
    const entry = attach(def, id, actor, row.created_at);
    if (row.snapshot) entry.loadedAt = -1; // the restored snapshot is already durable
    actor.start();
    entry.loadedAt = clock.now().getTime();
    if (!row.snapshot) {
      batch.dirty.add(id);
      schedule();
    }
    return entry;
  }

  return {
    register(def: MachineDefinition): void {
      if (definitions.has(def.name)) throw new Error(`machine ${def.name} is already registered`);
      definitions.set(def.name, def);
    },
    /** Registers how staged rows of `kind` are written (one call per flush with all of them). */
    registerWriter(kind: string, writer: Writer): void {
      if (writers.has(kind)) throw new Error(`writer ${kind} is already registered`);
      writers.set(kind, writer);
    },
    /** Creates an actor (not started): its initial snapshot can be read before `start`. */
    create(name: string, input: unknown) {
      return createActor(definition(name).logic, { input: input as never });
    },
    /** Starts an actor created with `create` whose row the caller already committed. */
    start(name: string, id: string, actor: Actor<AnyActorLogic>, createdAt: string): void {
      if (closed) throw new Error('the actor host is stopped');
      attach(definition(name), id, actor, createdAt);
      actor.start();
      batch.dirty.add(id);
      schedule();
    },
    get(id: string): Actor<AnyActorLogic> | undefined {
      return live.get(id)?.actor;
    },
    /** The live actor, loading it from its stored snapshot when it is at rest. */
    async load(id: string): Promise<Actor<AnyActorLogic>> {
      const entry = live.get(id);
      if (entry) return entry.actor;
      if (closed) throw new Error('the actor host is stopped');
      let pending = loading.get(id);
      if (!pending) {
        pending = loadRow(id).finally(() => loading.delete(id));
        loading.set(id, pending);
      }
      return (await pending).actor;
    },
    /** Adds rows to the next flush; they commit in the same transaction as the snapshots. */
    stage(kind: string, row: unknown): void {
      if (!writers.has(kind)) throw new Error(`no writer for ${kind}`);
      let rows = batch.rows.get(kind);
      if (!rows) batch.rows.set(kind, (rows = []));
      rows.push(row);
      schedule();
    },
    /** Resolves once everything queued so far (and anything queued with it) is committed. */
    flushed(): Promise<void> {
      if (closed) return Promise.reject(new Error('the actor host is stopped'));
      return new Promise<void>((resolve, reject) => {
        batch.waiters.push({ resolve, reject });
        schedule();
      });
    },
    /** Restores every unfinished (`active`) actor from its stored snapshot and starts it. */
    async restoreAll(filter?: (machine: string) => boolean): Promise<number> {
      const rows = await deps.actors.listActive();
      let count = 0;
      for (const row of rows) {
        if (live.has(row.id) || (filter && !filter(row.machine))) continue;
        const def = definitions.get(row.machine);
        if (!def) {
          deps.onError(new Error(`no machine ${row.machine}`), `actor ${row.id} cannot be restored`);
          continue;
        }
        try {
          const actor = row.snapshot ? createActor(def.logic, { snapshot: row.snapshot as never }) : createActor(def.logic, { input: row.input as never });
          const entry = attach(def, row.id, actor, row.created_at);
          if (row.snapshot) entry.loadedAt = -1;
          actor.start();
          entry.loadedAt = clock.now().getTime();
          if (!row.snapshot) batch.dirty.add(row.id);
          count += 1;
        } catch (error) {
          deps.onError(error, `actor ${row.id} could not be restored`);
        }
      }
      schedule();
      return count;
    },
    /** Live actors for operators: id, machine, state value, status, age. */
    list(): Array<{ id: string; machine: string; state: string; status: string; age_seconds: number; created_at: string }> {
      const now = clock.now().getTime();
      return [...live.values()].map((entry) => {
        const snapshot = entry.actor.getSnapshot() as AnyMachineSnapshot;
        return {
          id: entry.id,
          machine: entry.def.name,
          state: stateValueString(snapshot.value),
          status: snapshot.status,
          age_seconds: Math.max(0, Math.round((now - Date.parse(entry.createdAt)) / 1000)),
          created_at: entry.createdAt,
        };
      });
    },
    get size(): number {
      return live.size;
    },
    /** Flush counters since start (benchmarks, metrics). */
    get stats() {
      return { ...stats };
    },
    get lastError(): unknown {
      return lastError;
    },
    /** Writes what is pending, then stops every actor (their in-flight steps are aborted). */
    async stop(): Promise<void> {
      if (closed) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve, reject) => {
          batch.waiters.push({ resolve, reject });
          void drain();
        }),
        new Promise<void>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the final flush did not finish in 10 s')), 10_000);
        }),
      ]).catch((error) => deps.onError(error, 'final flush failed'));
      clearTimeout(timer);
      closed = true;
      for (const entry of [...live.values()]) drop(entry);
      for (const waiter of batch.waiters) waiter.reject(new Error('the actor host is stopped'));
      batch = newBatch();
    },
  };
}

export type ActorHost = ReturnType<typeof createActorHost>;
