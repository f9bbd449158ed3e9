import type { Actor, AnyStateMachine } from 'xstate';
import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import type { EventBus } from '../events/eventBus.js';
import { createActorLoader } from './actorLoader.js';
import { ActorFencedError } from './designedStops.js';
import type { Fence } from './fence.js';
import { createGroupCommit, type ActorHostHealth } from './groupCommit.js';
import { createHostedActors } from './hostedActors.js';
import { createHostedHandle, type HostedHandleDeps } from './hostedHandle.js';
import { createLeaseRounds } from './leaseRounds.js';
import type { LiveActorView } from './liveActor.js';
import { erase, type HostedDefinition, type MachineDefinition } from './machineDefinition.js';
import type { MachineHandle } from './machineHandle.js';
import { createResidentActors } from './residentActors.js';
import { createRowWriters } from './rowWriter.js';
import type { TickRows } from './tickRows.js';
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
 *
 * It wires the files that hold each part (STYLE.md, 12): the actors in memory (residentActors.ts),
 * the write path (groupCommit.ts), bringing actors to life (actorLoader.ts), the lease rounds
 * (leaseRounds.ts) and each machine's typed handle (hostedHandle.ts). It keeps the lease epochs
 * this process holds (`held`, read by the fence) and stops a copy whose write was fenced (`lost`).
 */
export function createActorHost(deps: ActorHostDeps): ActorHost {
  const { repos, clock } = deps;
  const definitions = new Map<string, HostedDefinition>();
  const leases = deps.leases;
  /** The epoch this process holds each leased actor at (only with `leases`). */
  const held = new Map<string, number>();
  const restoredListeners: Array<(ids: string[]) => void> = [];
  let fencedWrites = 0;
  const terms = () => ({ owner: leases!.owner, leaseUntil: clock.now().getTime() + leases!.leaseMs });
  const fence: Fence | undefined = leases ? { owner: leases.owner, epochOf: (id) => held.get(id), terms } : undefined;
  const writers = createRowWriters();
  const residents = createResidentActors(held);
  const commits = createGroupCommit({
    ...deps,
    writers,
    ...(fence ? { fence } : {}),
    lost(id) {
      // Another process took it over while this one could not renew: this copy stops, writing nothing more.
      fencedWrites += 1;
      held.delete(id);
      const entry = residents.live.get(id);
      deps.onError(new ActorFencedError(id), `actor ${id}: a stale write was refused (fenced); this copy is stopped`);
      if (!entry) return;
      const snapshot = entry.actor.getSnapshot();
      residents.drop(entry);
      entry.def.onLost?.(id, snapshot);
    },
    liveActor: residents.commitActor,
    release: residents.release,
  });
  const definition = (name: string): HostedDefinition => {
    const def = definitions.get(name);
    if (!def) throw new Error(`no machine named ${name} is registered with the actor host`);
    return def;
  };
  const actors = createHostedActors();
  const loader = createActorLoader({ repos, clock, onError: deps.onError, definition, residents, actors, commits, held, ...(leases ? { terms } : {}) });
  const rounds = leases
    ? createLeaseRounds({ repos, clock, onError: deps.onError, leases, terms, closed: () => commits.closed, reviveClaimed: loader.reviveClaimed, restored: restoredListeners })
    : undefined;
  const handleDeps: HostedHandleDeps = { repos, residents, loader, actors, commits, held: leases ? held : undefined };

  // Each member is documented once, on the ActorHost contract below.
  return {
    register<TLogic extends AnyStateMachine>(typedDef: MachineDefinition<TLogic>): MachineHandle<TLogic> {
      if (definitions.has(typedDef.name)) throw new Error(`machine ${typedDef.name} is already registered`);
      const def = erase(typedDef);
      writers.add(def.rows ?? [], `machine ${def.name}`);
      definitions.set(def.name, def);
      return createHostedHandle(typedDef, def, handleDeps);
    },
    get(id: string): Actor<AnyStateMachine> | undefined {
      return residents.live.get(id)?.actor;
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
    restoreAll(): Promise<number> {
      return rounds ? rounds.claimAll() : loader.restoreActive();
    },
    startLeases(): void {
      rounds?.start();
    },
    onRestored(listener: (ids: string[]) => void): void {
      restoredListeners.push(listener);
    },
    list(): LiveActorView[] {
      return residents.list(clock.now().getTime());
    },
    get size(): number {
      return residents.size;
    },
    health(): ActorHostHealth & { fencedWrites: number } {
      return { ...commits.health(), fencedWrites };
    },
    async stop(): Promise<void> {
      if (commits.closed) return;
      rounds?.halt();
      await commits.close();
      await rounds?.settled();
      residents.clear();
      await rounds?.release();
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
