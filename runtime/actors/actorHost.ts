import type { Actor, AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { ActorRow } from '../../storage/repositories/actors.js';
import type { Clock } from '../clock.js';
import type { EventBus } from '../events/eventBus.js';
import { ActorOwnedElsewhereError } from './actorOwnedElsewhereError.js';
import { ActorStoppedError } from './actorStoppedError.js';
import { ActorFencedError, HostStoppedError } from './designedStops.js';
import type { Fence } from './fence.js';
import { actorView, LiveActor, type LiveActorView } from './liveActor.js';
import { createGroupCommit, type ActorHostHealth } from './groupCommit.js';
import { erase, isActorOf, type HostedDefinition, type MachineDefinition } from './machineDefinition.js';
import type { TickRows } from './tickRows.js';
import { createRowWriters } from './rowWriter.js';
import type { MachineHandle } from './machineHandle.js';
import { createHostedActors } from './hostedActors.js';
import { createPureChart, type PureChart } from './pureChart.js';
import type { CommitActor } from './types.js';
import type { CreditGuard } from './writeTick.js';
export type { ActorHostHealth } from './groupCommit.js';
export type { MachineDefinition } from './machineDefinition.js';
export type { MachineHandle } from './machineHandle.js';
export type { LiveActorView } from './liveActor.js';

export interface ActorHostDeps {
  db: Db;
  repos: Repositories;
  eventBus: EventBus;
  clock: Clock;
  onError(error: unknown, message: string): void;
  /**
   * Leased ownership (Postgres, several processes on one database): this process's owner id and
   * the lease length. Absent on SQLite, where the data directory's lock already makes one process
   * the owner of everything: no lease is taken and writes are unconditional.
   */
  leases?: { owner: string; leaseMs: number; takeoverBatch?: number };
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
 * - With `leases` (Postgres): every unfinished actor this process runs is leased to it (owner,
 *   lease_until, epoch). Leases are renewed in one statement every third of the lease; every tick's
 *   write is conditional on (owner, epoch), so a copy whose actor was taken over is refused,
 *   counted (`health().fencedWrites`) and stopped; a takeover loop claims expired leases (bumping
 *   the epoch) and restores those actors from their last snapshot; `stop()` releases the leases.
 *
 * Call order: `register` every machine, then `restoreAll()` once, then `startLeases()`, then
 * `create`/`start`, `load`, `stage`, `commit`, `flushed` freely; `stop()` last.
 */
export function createActorHost(deps: ActorHostDeps): ActorHost {
  const { repos, clock } = deps;
  const definitions = new Map<string, HostedDefinition>();
  const live = new Map<string, LiveActor>();
  /** Actors run by pure steps (`record`): their latest snapshot, until one at rest is stored. */
  const stepped = new Map<string, { def: HostedDefinition; snapshot: AnyMachineSnapshot; createdAt: string }>();
  const loading = new Map<string, Promise<LiveActor>>();
  const leases = deps.leases;
  /** The epoch this process holds each leased actor at (only with `leases`). */
  const held = new Map<string, number>();
  const restoredListeners: Array<(ids: string[]) => void> = [];
  let fencedWrites = 0;
  let leaseTimer: NodeJS.Timeout | undefined;
  let leaseRound: Promise<void> | undefined;
  const terms = () => ({ owner: leases!.owner, leaseUntil: clock.now().getTime() + leases!.leaseMs });
  const fence: Fence | undefined = leases ? { owner: leases.owner, epochOf: (id) => held.get(id), terms } : undefined;
  const writers = createRowWriters();
  const actors = createHostedActors();
  const commits = createGroupCommit({
    ...deps,
    writers,
    ...(fence ? { fence } : {}),
    lost(id) {
      // Another process took it over while this one could not renew: this copy stops, writing nothing more.
      fencedWrites += 1;
      held.delete(id);
      const entry = live.get(id);
      deps.onError(new ActorFencedError(id), `actor ${id}: a stale write was refused (fenced); this copy is stopped`);
      if (!entry) return;
      const snapshot = entry.actor.getSnapshot();
      drop(entry);
      entry.def.onLost?.(id, snapshot);
    },
    liveActor(id): CommitActor | undefined {
      const entry = live.get(id);
      if (!entry) return steppedActor(id);
      const { actor } = entry;
      return { id, def: entry.def, createdAt: entry.createdAt, getSnapshot: () => actor.getSnapshot(), getPersistedSnapshot: () => actor.getPersistedSnapshot() };
    },
    release(id) {
      const entry = live.get(id);
      if (entry) drop(entry);
      else stepped.delete(id);
    },
  });

  function steppedActor(id: string): CommitActor | undefined {
    const entry = stepped.get(id);
    if (!entry) return undefined;
    const { def, snapshot } = entry;
    return { id, def, createdAt: entry.createdAt, getSnapshot: () => snapshot, getPersistedSnapshot: () => def.logic.getPersistedSnapshot(snapshot) };
  }

  function drop(entry: LiveActor): void {
    if (live.get(entry.id) === entry) held.delete(entry.id);
    entry.unsubscribe();
    entry.actor.stop();
    if (live.get(entry.id) === entry) live.delete(entry.id);
  }

  function attach(def: HostedDefinition, id: string, actor: Actor<AnyStateMachine>, createdAt: string, recording: boolean): LiveActor {
    const entry = new LiveActor(id, def, actor, createdAt, recording, commits, deps.onError);
    entry.follow();
    live.set(id, entry);
    return entry;
  }

  function definition(name: string): HostedDefinition {
    const def = definitions.get(name);
    if (!def) throw new Error(`no machine named ${name} is registered with the actor host`);
    return def;
  }

  /** Brings a stored actor to life: from its snapshot (already durable) or, before its first write, from its input. */
  function revive(row: ActorRow, epoch?: number): LiveActor {
    const def = definition(row.machine);
    if (epoch !== undefined) held.set(row.id, epoch);
    const actor = actors.revive(def.logic, row);
    const entry = attach(def, row.id, actor, row.created_at, !row.snapshot);
    actor.start();
    entry.recording = true;
    if (!row.snapshot) commits.touch(row.id).dirty = true;
    else def.onRestored?.(row.id, actor.getSnapshot());
    return entry;
  }

  async function loadRow(id: string): Promise<LiveActor> {
    const row = await repos.actors.get(id);
    if (!row) throw new Error(`actor ${id} is not stored`);
    if (row.status === 'error') throw new ActorStoppedError(id);
    if (live.has(id)) return live.get(id)!;
    if (!leases) return revive(row);
    // Leased: run it here only when no other process holds a live lease on it.
    const claimed = await repos.actors.claimOne(id, terms(), clock.now().getTime());
    if (!claimed) throw new ActorOwnedElsewhereError(id);
    // This process's lease round may have taken it over and restored it while the claim ran.
    const already = live.get(id);
    if (!already) return revive(claimed, claimed.epoch);
    held.set(id, claimed.epoch);
    return already;
  }

  /** Revives claimed rows (their leases just taken); returns the ids brought to life. */
  function reviveClaimed(rows: Array<ActorRow & { epoch: number }>): string[] {
    const ids: string[] = [];
    for (const row of rows) {
      if (live.has(row.id)) {
        held.set(row.id, row.epoch);
        continue;
      }
      try {
        revive(row, row.epoch);
        ids.push(row.id);
      } catch (error) {
        held.delete(row.id);
        deps.onError(error, `actor ${row.id} could not be restored`);
      }
    }
    return ids;
  }

  /** One lease round: renew what this process holds (one statement), then take over expired leases. */
  async function leaseRoundOnce(): Promise<void> {
    if (!leases || commits.closed) return;
    await repos.actors.renewLeases(terms());
    const batch = leases.takeoverBatch ?? 500;
    for (;;) {
      if (commits.closed) return;
      const claimed = await repos.actors.claimExpired(terms(), clock.now().getTime(), batch);
      const ids = reviveClaimed(claimed);
      if (ids.length > 0) for (const listener of restoredListeners) listener(ids);
      if (claimed.length < batch) return;
    }
  }

  async function loadEntry(id: string): Promise<LiveActor> {
    const entry = live.get(id);
    if (entry) return entry;
    if (commits.closed) throw new HostStoppedError();
    let loadingEntry = loading.get(id);
    if (!loadingEntry) {
      loadingEntry = loadRow(id).finally(() => loading.delete(id));
      loading.set(id, loadingEntry);
    }
    return loadingEntry;
  }

  function handleOf<TLogic extends AnyStateMachine>(typedDef: MachineDefinition<TLogic>, def: HostedDefinition): MachineHandle<TLogic> {
    // Every actor of `def` was made from its logic, a TLogic: the type comes back checked, not asserted.
    const typed = (actor: Actor<AnyStateMachine>): Actor<TLogic> => {
      if (isActorOf(actor, typedDef.logic)) return actor;
      throw new Error(`actor of machine ${actor.logic.id} handed to the ${def.name} handle`);
    };
    const mine = (id: string) => {
      const entry = live.get(id);
      return entry && entry.def === def ? entry : undefined;
    };
    const mineStepped = (id: string) => {
      const entry = stepped.get(id);
      return entry && entry.def === def ? entry : undefined;
    };
    let chart: PureChart<TLogic> | undefined;
    const handle: MachineHandle<TLogic> = {
      name: def.name,
      create: (input) => actors.create(typedDef.logic, input),
      start(id, actor, createdAt) {
        if (commits.closed) throw new HostStoppedError();
        // Its row was inserted owned by this process at epoch 1 (writeTick with the fence).
        if (leases) held.set(id, 1);
        attach(def, id, actor, createdAt, true);
        actor.start();
        commits.touch(id).dirty = true;
      },
      get: (id) => {
        const entry = mine(id);
        return entry ? typed(entry.actor) : undefined;
      },
      // A stepped actor's snapshot came from `def.logic`'s own chart: a TLogic snapshot.
      snapshot: (id) => handle.get(id)?.getSnapshot() ?? (mineStepped(id)?.snapshot as SnapshotFrom<TLogic> | undefined),
      async load(id) {
        const entry = await loadEntry(id);
        if (entry.def !== def) throw new Error(`actor ${id} is a ${entry.def.name}, not a ${def.name}`);
        return typed(entry.actor);
      },
      async send(id, event) {
        (await handle.load(id)).send(event);
      },
      liveIds: () => [
        ...[...live.values()].filter((entry) => entry.def === def).map((entry) => entry.id),
        ...[...stepped].filter(([, entry]) => entry.def === def).map(([id]) => id),
      ],
      get chart() {
        return (chart ??= createPureChart(def.logic) as PureChart<TLogic>);
      },
      record(id, snapshot, createdAt) {
        if (commits.closed) throw new HostStoppedError();
        if (live.has(id)) throw new Error(`actor ${id} is live: its own transitions are recorded`);
        stepped.set(id, { def, snapshot, createdAt });
        commits.touch(id).dirty = true;
      },
      forget(id) {
        if (mineStepped(id)) stepped.delete(id);
      },
      async retire(id) {
        const entry = mine(id);
        if (entry) drop(entry);
        if (mineStepped(id)) stepped.delete(id);
        await repos.actors.remove(id);
      },
    };
    return handle;
  }

  // Each member is documented once, on the ActorHost contract below.
  return {
    register<TLogic extends AnyStateMachine>(typedDef: MachineDefinition<TLogic>): MachineHandle<TLogic> {
      if (definitions.has(typedDef.name)) throw new Error(`machine ${typedDef.name} is already registered`);
      const def = erase(typedDef);
      writers.add(def.rows ?? [], `machine ${def.name}`);
      definitions.set(def.name, def);
      return handleOf(typedDef, def);
    },
    get(id: string): Actor<AnyStateMachine> | undefined {
      return live.get(id)?.actor;
    },
    stage(id: string, rows: TickRows): void {
      commits.stage(id, rows);
    },
    commit(rows: TickRows, credits?: CreditGuard): Promise<boolean> {
      return commits.commit(rows, credits);
    },
    flushed(): Promise<void> {
      return commits.flushed();
    },
    async restoreAll(): Promise<number> {
      if (leases) {
        const batch = leases.takeoverBatch ?? 500;
        let count = 0;
        for (;;) {
          const claimed = await repos.actors.claimExpired(terms(), clock.now().getTime(), batch);
          count += reviveClaimed(claimed).length;
          if (claimed.length < batch) return count;
        }
      }
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
    startLeases(): void {
      if (!leases || leaseTimer || commits.closed) return;
      leaseTimer = setInterval(() => {
        if (leaseRound) return;
        leaseRound = leaseRoundOnce()
          .catch((error) => deps.onError(error, 'actor lease round failed; trying again next round'))
          .finally(() => (leaseRound = undefined));
      }, Math.max(1, Math.floor(leases.leaseMs / 3)));
      leaseTimer.unref();
    },
    onRestored(listener: (ids: string[]) => void): void {
      restoredListeners.push(listener);
    },
    list(): LiveActorView[] {
      const now = clock.now().getTime();
      return [
        ...[...live.values()].map((entry) => actorView(entry.id, entry.def, entry.actor.getSnapshot(), entry.createdAt, now)),
        ...[...stepped].map(([id, entry]) => actorView(id, entry.def, entry.snapshot, entry.createdAt, now)),
      ];
    },
    get size(): number {
      return live.size + stepped.size;
    },
    health(): ActorHostHealth & { fencedWrites: number } {
      return { ...commits.health(), fencedWrites };
    },
    async stop(): Promise<void> {
      if (commits.closed) return;
      clearInterval(leaseTimer);
      await commits.close();
      await leaseRound;
      for (const entry of [...live.values()]) drop(entry);
      stepped.clear();
      // What this process held is written: let the others take it over at once.
      if (leases) await repos.actors.releaseLeases(leases.owner).catch((error) => deps.onError(error, 'actor leases could not be released; they expire instead'));
    },
  };
}

/** The actor host's contract (call order: see createActorHost). */
export interface ActorHost {
  /** Registers a machine with its persistence adapter; returns its typed handle. */
  register<TLogic extends AnyStateMachine>(typedDef: MachineDefinition<TLogic>): MachineHandle<TLogic>;
  /** The live actor with this id, whatever its machine (operators, tests). */
  get(id: string): Actor<AnyStateMachine> | undefined;
  /** Adds rows of actor `id` to the next tick: they commit (or are isolated) with its snapshot. */
  stage(id: string, rows: TickRows): void;
  /**
   * Writes a command's rows in the next tick, as one group: true once committed, false when
   * `credits` could not be taken (nothing written); rejects when the rows cannot be stored.
   */
  commit(rows: TickRows, credits?: CreditGuard): Promise<boolean>;
  /** Resolves once everything queued so far (and anything queued with it) is committed. */
  flushed(): Promise<void>;
  /**
   * Restores every unfinished (`active`) actor from its stored snapshot and starts it. With
   * leases, only the ones this process can claim (unowned, released or expired): the others
   * run on their owners.
   */
  restoreAll(): Promise<number>;
  /**
   * Starts the lease loop (with `leases`; a no-op without): every third of the lease, renew this
   * process's leases in one statement, then claim expired ones and restore those actors. Call
   * after `restoreAll()`.
   */
  startLeases(): void;
  /**
   * Calls `listener` with the ids of actors this process took over from another one (after they
   * were revived), so their machine's owner can put them back in line (capacity queue).
   */
  onRestored(listener: (ids: string[]) => void): void;
  /** Actors in memory for operators: live ones and those run by pure steps (not yet at rest). */
  list(): LiveActorView[];
  readonly size: number;
  health(): ActorHostHealth & { fencedWrites: number };
  /** Writes what is pending, then stops every actor (their in-flight steps are aborted). */
  stop(): Promise<void>;
}
