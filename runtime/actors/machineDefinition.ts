import type { Actor, AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import type { RowWriter } from './rowWriter.js';
import type { TickRows } from './tickRows.js';

/** A spec event a machine emits: `{type: 'event', event, timestamp, sequence, data}`. */
export interface EmittedEvent {
  type: 'event';
  event: string;
  timestamp: string;
  sequence: number;
  data: Record<string, unknown>;
}

/**
 * How the host runs one kind of machine, typed by its logic: every callback sees the machine's own
 * snapshot type. `logic` is the machine with every slot provided. Every function here is pure: the
 * host calls them while it builds a tick and writes what they return itself, so the host never
 * calls back into the code that registered the machine to write.
 *
 * The persistence adapter is `rows` (the writers that store the machine's kinds of tick rows, in
 * its own tables), `project` (the machine's read-model rows for a snapshot, e.g. the outcome row,
 * written in the same transaction as the snapshot row) and `failed` (what an isolated actor
 * leaves); the snapshot row itself is the host's actor row unless `snapshotInProjection`.
 */
export interface MachineDefinition<TLogic extends AnyStateMachine = AnyStateMachine> {
  name: string;
  version: number;
  logic: TLogic;
  /** At rest: persisted as `idle`, then stopped and dropped from memory until loaded again. */
  atRest(snapshot: SnapshotFrom<TLogic>): boolean;
  workspaceOf(snapshot: SnapshotFrom<TLogic>): string | null;
  /**
   * The writers of the tick row kinds this machine (and the commands that create its actors)
   * produce, registered with the machine: the host knows no machine's table (rowWriter.ts).
   */
  rows?: readonly RowWriter[];
  /** The machine's read model for a snapshot (e.g. the outcomes row), written with the snapshot. */
  project?(snapshot: SnapshotFrom<TLogic>, now: string): TickRows;
  /**
   * The projection stores the snapshot itself, in the machine's own row (the webhook delivery
   * row's `snapshot` column): the host writes no `actors` row for these actors, so `restoreAll`
   * and the lease loop never see them; their owner brings them back (`create`/`start` from the
   * stored snapshot) and claims them its own way (docs/actors.md).
   */
  snapshotInProjection?: boolean;
  /**
   * What to write for an actor whose tick could not be stored and which the host stopped (e.g.
   * the outcome row as failed with `internal_error`, its `outcome.failed` event, a refund).
   * `snapshot` is the actor's last in-memory state.
   */
  failed?(snapshot: SnapshotFrom<TLogic>, reason: string, now: string): TickRows;
  /** Called after every transition of a live actor, synchronously (never for a restore's first snapshot). */
  onTransition?(id: string, snapshot: SnapshotFrom<TLogic>, previous: SnapshotFrom<TLogic> | undefined): void;
  /**
   * Called once a tick committed the actor's snapshot at rest and the host let it go from memory,
   * with that snapshot (the owner of actors run by pure steps learns here that a step is stored,
   * without a `flushed()` promise per actor). Not called for an actor written again meanwhile.
   */
  onStoredAtRest?(id: string, snapshot: SnapshotFrom<TLogic>): void;
  /** Called once the host stopped an actor whose tick could not be stored (release what it held). */
  onFailed?(id: string, snapshot: SnapshotFrom<TLogic>): void;
  /**
   * Called once the host stopped this process's copy of an actor another process took over
   * (fencing, Postgres): release what it held here; its owner writes its state from now on.
   */
  onLost?(id: string, snapshot: SnapshotFrom<TLogic>): void;
  /**
   * Called once an actor was brought back from its stored snapshot and started (restore at start,
   * a takeover, a load of an actor at rest), before anything else is sent to it: what a snapshot
   * cannot hold (a live session, a timer) is set up again from here. Transitions it causes are
   * recorded. Never called for an actor revived from its input (it starts from the beginning).
   */
  onRestored?(id: string, snapshot: SnapshotFrom<TLogic>): void;
}

/**
 * The host's own view of a registered definition, with the machine's types erased: the host
 * stores definitions of many machines in one map. Only `register` builds one (see `erase`).
 */
export interface HostedDefinition {
  name: string;
  version: number;
  logic: AnyStateMachine;
  atRest(snapshot: AnyMachineSnapshot): boolean;
  workspaceOf(snapshot: AnyMachineSnapshot): string | null;
  rows?: readonly RowWriter[];
  project?(snapshot: AnyMachineSnapshot, now: string): TickRows;
  snapshotInProjection?: boolean;
  failed?(snapshot: AnyMachineSnapshot, reason: string, now: string): TickRows;
  onTransition?(id: string, snapshot: AnyMachineSnapshot, previous: AnyMachineSnapshot | undefined): void;
  onStoredAtRest?(id: string, snapshot: AnyMachineSnapshot): void;
  onFailed?(id: string, snapshot: AnyMachineSnapshot): void;
  onLost?(id: string, snapshot: AnyMachineSnapshot): void;
  onRestored?(id: string, snapshot: AnyMachineSnapshot): void;
}

/** Input and event types of a machine, for typed handles. */
export type MachineInput<TLogic extends AnyStateMachine> = InputFrom<TLogic>;
export type MachineEvent<TLogic extends AnyStateMachine> = EventFromLogic<TLogic>;

/** An actor made from `logic` is an actor of that logic's type (the host's typed handles check it). */
export function isActorOf<TLogic extends AnyStateMachine>(actor: Actor<AnyStateMachine>, logic: TLogic): actor is Actor<TLogic> {
  return actor.logic === logic;
}

/**
 * Erases a typed definition for the host's map (no cast: its callbacks are methods, which accept
 * the wider snapshot type). Sound because the host only ever hands a
 * definition snapshots of actors it created from that definition's own `logic` (an actor row is
 * revived with the definition its `machine` column names, and handles check the definition).
 */
export function erase<TLogic extends AnyStateMachine>(def: MachineDefinition<TLogic>): HostedDefinition {
  return def;
}
