import type { Actor, AnyStateMachine } from 'xstate';
import type { Repositories } from '../../storage/index.js';
import type { ActorRow, LeaseTerms } from '../../storage/repositories/actors.js';
import type { Clock } from '../clock.js';
import { ActorOwnedElsewhereError } from './actorOwnedElsewhereError.js';
import { ActorStoppedError } from './actorStoppedError.js';
import { HostStoppedError } from './designedStops.js';
import type { GroupCommit } from './groupCommit.js';
import type { HostedActors } from './hostedActors.js';
import { LiveActor } from './liveActor.js';
import type { HostedDefinition } from './machineDefinition.js';
import type { ResidentActors } from './residentActors.js';

export interface ActorLoaderDeps {
  repos: Repositories;
  clock: Clock;
  onError(error: unknown, message: string): void;
  /** The registered definition named `name`; throws for an unknown one. */
  definition(name: string): HostedDefinition;
  residents: ResidentActors;
  /** Makes the actors, all in the host's one xstate system. */
  actors: HostedActors;
  commits: GroupCommit;
  /** The lease epochs this process holds (only with leases; shared with the residents and the fence). */
  held: Map<string, number>;
  /** The lease a claim takes now: present only with leases (Postgres). */
  terms?: () => LeaseTerms;
}

/**
 * Brings actors to life on the host: a new one made by a handle (`attach`), a stored one from its
 * row (`revive`, from its persisted snapshot or, before its first write, from its input), on
 * demand (`load`) or at start (`restoreActive`, `reviveClaimed`).
 *
 * Invariants: at most one load of an id runs at a time (concurrent `load`s share it); an actor
 * already live is never revived twice (a load that races the lease round keeps the live copy and
 * the newer epoch); with leases, a stored actor is revived only after this process claimed it; an
 * isolated actor (`error`) is never loaded again.
 */
export interface ActorLoader {
  /** Makes `actor` live under `id`, recording its transitions into the group commit (before `actor.start()`). */
  attach(def: HostedDefinition, id: string, actor: Actor<AnyStateMachine>, createdAt: string, recording: boolean): LiveActor;
  /** The live actor `id`, loaded from its row when it is not in memory. */
  load(id: string): Promise<LiveActor>;
  /** Revives rows whose leases were just claimed; returns the ids brought to life. */
  reviveClaimed(rows: Array<ActorRow & { epoch: number }>): string[];
  /** Revives every unfinished (`active`) stored actor not already live (without leases); returns how many. */
  restoreActive(): Promise<number>;
}

export function createActorLoader(deps: ActorLoaderDeps): ActorLoader {
  const { repos, clock, residents, commits, held, terms } = deps;
  const { live } = residents;
  const loading = new Map<string, Promise<LiveActor>>();

  function attach(def: HostedDefinition, id: string, actor: Actor<AnyStateMachine>, createdAt: string, recording: boolean): LiveActor {
    const entry = new LiveActor(id, def, actor, createdAt, recording, commits, deps.onError);
    entry.follow();
    live.set(id, entry);
    return entry;
  }

  function revive(row: ActorRow, epoch?: number): LiveActor {
    const def = deps.definition(row.machine);
    if (epoch !== undefined) held.set(row.id, epoch);
    const actor = deps.actors.revive(def.logic, row);
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
    if (!terms) return revive(row);
    // Leased: run it here only when no other process holds a live lease on it.
    const claimed = await repos.actors.claimOne(id, terms(), clock.now().getTime());
    if (!claimed) throw new ActorOwnedElsewhereError(id);
    // This process's lease round may have taken it over and restored it while the claim ran.
    const already = live.get(id);
    if (!already) return revive(claimed, claimed.epoch);
    held.set(id, claimed.epoch);
    return already;
  }

  return {
    attach,
    async load(id) {
      const entry = live.get(id);
      if (entry) return entry;
      if (commits.closed) throw new HostStoppedError();
      let loadingEntry = loading.get(id);
      if (!loadingEntry) {
        loadingEntry = loadRow(id).finally(() => loading.delete(id));
        loading.set(id, loadingEntry);
      }
      return loadingEntry;
    },
    reviveClaimed(rows) {
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
    },
    async restoreActive() {
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
  };
}
