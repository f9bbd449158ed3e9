import type { AnyMachineSnapshot } from 'xstate';
import { actorView, type LiveActor, type LiveActorView } from './liveActor.js';
import type { HostedDefinition } from './machineDefinition.js';
import type { CommitActor } from './types.js';

/** An actor run by pure steps (`record`): its latest snapshot, until one at rest is stored. */
export interface SteppedActor {
  def: HostedDefinition;
  snapshot: AnyMachineSnapshot;
  createdAt: string;
}

/**
 * The actors the host has in memory: live ones (an xstate actor each) and those run by pure steps
 * (a snapshot each). An id is in at most one of the two maps. Reads go to the maps directly (the
 * tick and every handle call read them); what leaves memory leaves through `drop`, `release` and
 * `clear`, which also forget the lease epoch this process held the actor at (`held`).
 */
export interface ResidentActors {
  /** Live actors by id (added by the loader's `attach`). */
  readonly live: Map<string, LiveActor>;
  /** Actors run by pure steps by id (`record` adds, `forget` and at-rest `release` remove). */
  readonly stepped: Map<string, SteppedActor>;
  /** Stops a live actor and forgets it (unless another copy replaced it under the same id). */
  drop(entry: LiveActor): void;
  /** The actor `id` as the group commit sees it, live or stepped; undefined when not in memory. */
  commitActor(id: string): CommitActor | undefined;
  /** Lets actor `id` go (at rest after a commit, or isolated): a live one is dropped. */
  release(id: string): void;
  /** Ids of `def`'s actors in memory, live ones first. */
  idsOf(def: HostedDefinition): string[];
  /** What operators see of every actor in memory at `now` (ms). */
  list(now: number): LiveActorView[];
  readonly size: number;
  /** Stops and forgets every actor (the host stops). */
  clear(): void;
}

/** `held`: the lease epochs of this process (empty without leases), shared with the loader and the fence. */
export function createResidentActors(held: Map<string, number>): ResidentActors {
  const live = new Map<string, LiveActor>();
  const stepped = new Map<string, SteppedActor>();

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

  return {
    live,
    stepped,
    drop,
    commitActor(id) {
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
    idsOf: (def) => [
      ...[...live.values()].filter((entry) => entry.def === def).map((entry) => entry.id),
      ...[...stepped].filter(([, entry]) => entry.def === def).map(([id]) => id),
    ],
    list: (now) => [
      ...[...live.values()].map((entry) => actorView(entry.id, entry.def, entry.actor.getSnapshot(), entry.createdAt, now)),
      ...[...stepped].map(([id, entry]) => actorView(id, entry.def, entry.snapshot, entry.createdAt, now)),
    ],
    get size() {
      return live.size + stepped.size;
    },
    clear() {
      for (const entry of [...live.values()]) drop(entry);
      stepped.clear();
    },
  };
}
