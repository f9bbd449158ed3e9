import type { Actor, AnyStateMachine, SnapshotFrom } from 'xstate';
import type { Repositories } from '../../storage/index.js';
import type { ActorLoader } from './actorLoader.js';
import { HostStoppedError } from './designedStops.js';
import type { GroupCommit } from './groupCommit.js';
import type { HostedActors } from './hostedActors.js';
import { isActorOf, type HostedDefinition, type MachineDefinition } from './machineDefinition.js';
import type { MachineHandle } from './machineHandle.js';
import { createPureChart, type PureChart } from './pureChart.js';
import type { ResidentActors } from './residentActors.js';

/** What a handle reaches of its host: one set shared by every registered machine. */
export interface HostedHandleDeps {
  repos: Repositories;
  residents: ResidentActors;
  loader: ActorLoader;
  /** Makes the actors, all in the host's one xstate system. */
  actors: HostedActors;
  commits: GroupCommit;
  /** The lease epochs this process holds; undefined without leases (nothing to hold). */
  held: Map<string, number> | undefined;
}

/**
 * The typed handle of one registered machine (MachineHandle's contract): the one way callers
 * create, start, load, step and retire its actors on the host. It sees only its own machine's
 * actors: an id of another machine's actor is absent (`get`, `snapshot`, `forget`, `retire`) or
 * refused (`load`). Every actor it starts or records is marked dirty at once, so its first tick
 * writes it; after the host stopped, starting or recording throws HostStoppedError.
 */
export function createHostedHandle<TLogic extends AnyStateMachine>(typedDef: MachineDefinition<TLogic>, def: HostedDefinition, deps: HostedHandleDeps): MachineHandle<TLogic> {
  const { residents, loader, commits, held } = deps;
  const { live, stepped } = residents;
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
    create: (input) => deps.actors.create(typedDef.logic, input),
    start(id, actor, createdAt) {
      if (commits.closed) throw new HostStoppedError();
      // Its row was inserted owned by this process at epoch 1 (writeTick with the fence).
      held?.set(id, 1);
      loader.attach(def, id, actor, createdAt, true);
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
      const entry = await loader.load(id);
      if (entry.def !== def) throw new Error(`actor ${id} is a ${entry.def.name}, not a ${def.name}`);
      return typed(entry.actor);
    },
    async send(id, event) {
      (await handle.load(id)).send(event);
    },
    liveIds: () => residents.idsOf(def),
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
      if (entry) residents.drop(entry);
      if (mineStepped(id)) stepped.delete(id);
      await deps.repos.actors.remove(id);
    },
  };
  return handle;
}
