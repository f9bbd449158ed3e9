import type { Actor, AnyStateMachine, SnapshotFrom } from 'xstate';
import type { MachineEvent, MachineInput } from './machineDefinition.js';
import type { PureChart } from './pureChart.js';

/**
 * A registered machine: how callers create, start, reach and send to its actors, typed by the
 * machine (its input, events and snapshots). An id that names an actor of another machine is
 * treated as absent (`get`, `snapshot`) or refused (`load`).
 */
export interface MachineHandle<TLogic extends AnyStateMachine> {
  readonly name: string;
  /** Creates an actor (not started): its initial snapshot can be read before `start`. */
  create(input: MachineInput<TLogic>): Actor<TLogic>;
  /** Starts an actor made by `create` whose row the caller already committed (see `commit`). */
  start(id: string, actor: Actor<TLogic>, createdAt: string): void;
  /** The live actor, if it is in memory. */
  get(id: string): Actor<TLogic> | undefined;
  /** The live actor's snapshot, if it is in memory. */
  snapshot(id: string): SnapshotFrom<TLogic> | undefined;
  /** The live actor, loaded from its stored snapshot when at rest; rejects with ActorStoppedError for an isolated one. */
  load(id: string): Promise<Actor<TLogic>>;
  /** Loads the actor when needed and sends it `event`. */
  send(id: string, event: MachineEvent<TLogic>): Promise<void>;
  /** Ids of this machine's actors in memory (live, or run by pure steps and not yet at rest). */
  liveIds(): string[];
  /**
   * The machine's chart as pure steps, on one inert scope (pureChart.ts): for actors of which
   * nothing waits inside xstate between steps. Each step is then given to `record`.
   */
  readonly chart: PureChart<TLogic>;
  /**
   * Records a step of an actor run without a live actor (`chart`): the next tick writes `snapshot`
   * as it writes a live actor's transition (its snapshot row, or with `snapshotInProjection` its
   * projection). The actor counts as in memory (`list`, `snapshot`) until a snapshot at rest is
   * stored or it is forgotten; a tick that can never store it isolates it (`failed`, `onFailed`).
   * Throws for the id of a live actor.
   */
  record(id: string, snapshot: SnapshotFrom<TLogic>, createdAt: string): void;
  /** Forgets an actor run by pure steps without storing anything more (its last step was cut short). */
  forget(id: string): void;
  /**
   * Stops the actor without writing its state and deletes its row: its subject is gone (a chat
   * team disconnected). Steps in flight are aborted.
   */
  retire(id: string): Promise<void>;
}
