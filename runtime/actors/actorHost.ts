import { createActor, type Actor, type AnyActorLogic, type AnyMachineSnapshot } from 'xstate';
import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { ActorRow } from '../../storage/repositories/actors.js';
import type { Clock } from '../clock.js';
import type { EventBus } from '../events/eventBus.js';
import { ActorStoppedError } from './actorStoppedError.js';
import { followActor, liveActorView, type LiveActor, type LiveActorView } from './liveActor.js';
import { createGroupCommit, type ActorHostHealth } from './groupCommit.js';
import type { MachineDefinition } from './machineDefinition.js';
import type { TickRows } from './tickRows.js';
import type { CreditGuard } from './writeTick.js';

export type { ActorHostHealth } from './groupCommit.js';
export type { LiveActorView } from './liveActor.js';

export interface ActorHostDeps {
  db: Db;
  repos: Repositories;
  eventBus: EventBus;
  clock: Clock;
  onError(error: unknown, message: string): void;
  /** First pause after a failed flush; doubles per failure up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

/**
 * Runs actors and keeps them durable (DESIGN section 2); the ONE place a tick is written and the
 * one place committed events are published.
 *
 * Invariants:
 * - After every transition the actor is marked dirty; once per tick (setImmediate) the host writes,
 *   in ONE transaction, the `getPersistedSnapshot()` of every dirty actor, each machine's projected
 *   rows, the events the actors emitted, rows staged with `stage()` and groups given to `commit()`.
 *   Work that arrives while a flush runs goes out together in the next one (group commit).
 * - Events are published on the bus only after their transaction committed.
 * - A tick that fails for a passing reason is written again after a backoff. A unit (one actor's
 *   rows, or one `commit()` group) whose rows can never be stored is isolated: the rest commits,
 *   the actor is stopped and its definition's `failed()` rows are written; the host goes on.
 * - Actors at rest are persisted as `idle` and dropped from memory; `load()` brings them back.
 *
 * Call order: `register` every machine, then `restoreAll()` once, then `create`/`start`,
 * `load`, `stage`, `commit`, `flushed` freely; `stop()` last.
 */
export function createActorHost(deps: ActorHostDeps) {
  const { repos, clock } = deps;
  const definitions = new Map<string, MachineDefinition>();
  const live = new Map<string, LiveActor>();
  const loading = new Map<string, Promise<LiveActor>>();
  const commits = createGroupCommit({
    ...deps,
    liveActor(id) {
      const entry = live.get(id);
      if (!entry) return undefined;
      const { actor } = entry;
      return { id, def: entry.def, createdAt: entry.createdAt, getSnapshot: () => actor.getSnapshot() as AnyMachineSnapshot, getPersistedSnapshot: () => actor.getPersistedSnapshot() };
    },
    release(id) {
      const entry = live.get(id);
      if (entry) drop(entry);
    },
  });

  function drop(entry: LiveActor): void {
    entry.unsubscribe();
    entry.actor.stop();
    if (live.get(entry.id) === entry) live.delete(entry.id);
  }

  function attach(def: MachineDefinition, id: string, actor: Actor<AnyActorLogic>, createdAt: string, recording: boolean): LiveActor {
    const entry: LiveActor = { id, def, actor, createdAt, last: undefined, recording, unsubscribe: () => undefined };
    entry.unsubscribe = followActor(entry, commits, deps.onError);
    live.set(id, entry);
    return entry;
  }

  function definition(name: string): MachineDefinition {
    const def = definitions.get(name);
    if (!def) throw new Error(`no machine named ${name} is registered with the actor host`);
    return def;
  }

  /** Brings a stored actor to life: from its snapshot (already durable) or, before its first write, from its input. */
  function revive(row: ActorRow): LiveActor {
    const def = definition(row.machine);
    const actor = row.snapshot ? createActor(def.logic, { snapshot: row.snapshot as never }) : createActor(def.logic, { input: row.input as never });
    const entry = attach(def, row.id, actor, row.created_at, !row.snapshot);
    actor.start();
    entry.recording = true;
    if (!row.snapshot) commits.touch(row.id).dirty = true;
    return entry;
  }

  async function loadRow(id: string): Promise<LiveActor> {
    const row = await repos.actors.get(id);
    if (!row) throw new Error(`actor ${id} is not stored`);
    if (row.status === 'error') throw new ActorStoppedError(id);
    return live.get(id) ?? revive(row);
  }

  return {
    register(def: MachineDefinition): void {
      if (definitions.has(def.name)) throw new Error(`machine ${def.name} is already registered`);
      definitions.set(def.name, def);
    },
    /** Creates an actor (not started): its initial snapshot can be read before `start`. */
    create(name: string, input: unknown): Actor<AnyActorLogic> {
      return createActor(definition(name).logic, { input: input as never });
    },
    /** Starts an actor created with `create` whose row the caller already committed (see `commit`). */
    start(name: string, id: string, actor: Actor<AnyActorLogic>, createdAt: string): void {
      if (commits.closed) throw new Error('the actor host is stopped');
      attach(definition(name), id, actor, createdAt, true);
      actor.start();
      commits.touch(id).dirty = true;
    },
    get(id: string): Actor<AnyActorLogic> | undefined {
      return live.get(id)?.actor;
    },
    /** The live actor, loading it from its stored snapshot when it is at rest; rejects with ActorStoppedError for an isolated one. */
    async load(id: string): Promise<Actor<AnyActorLogic>> {
      const entry = live.get(id);
      if (entry) return entry.actor;
      if (commits.closed) throw new Error('the actor host is stopped');
      let loadingEntry = loading.get(id);
      if (!loadingEntry) {
        loadingEntry = loadRow(id).finally(() => loading.delete(id));
        loading.set(id, loadingEntry);
      }
      return (await loadingEntry).actor;
    },
    /** Adds rows of actor `id` to the next tick: they commit (or are isolated) with its snapshot. */
    stage(id: string, rows: TickRows): void {
      commits.stage(id, rows);
    },
    /**
     * Writes a command's rows in the next tick, as one group: true once committed, false when
     * `credits` could not be taken (nothing written); rejects when the rows cannot be stored.
     */
    commit(rows: TickRows, credits?: CreditGuard): Promise<boolean> {
      return commits.commit(rows, credits);
    },
    /** Resolves once everything queued so far (and anything queued with it) is committed. */
    flushed(): Promise<void> {
      return commits.flushed();
    },
    /** Restores every unfinished (`active`) actor from its stored snapshot and starts it. */
    async restoreAll(): Promise<number> {
      let count = 0;
      for (const row of await repos.actors.listActive()) {
        if (live.has(row.id)) continue;
        try {
          revive(row);
          count += 1;
        } catch (error) {
          deps.onError(error, `actor ${row.id} could not be restored`);
        }
      }
      return count;
    },
    /** Live actors for operators. */
    list(): LiveActorView[] {
      const now = clock.now().getTime();
      return [...live.values()].map((entry) => liveActorView(entry, now));
    },
    get size(): number {
      return live.size;
    },
    health(): ActorHostHealth {
      return commits.health();
    },
    /** Writes what is pending, then stops every actor (their in-flight steps are aborted). */
    async stop(): Promise<void> {
      if (commits.closed) return;
      await commits.close();
      for (const entry of [...live.values()]) drop(entry);
    },
  };
}

export type ActorHost = ReturnType<typeof createActorHost>;
