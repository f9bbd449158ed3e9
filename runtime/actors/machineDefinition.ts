import type { AnyActorLogic, AnyMachineSnapshot } from 'xstate';
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
 * How the host runs one kind of machine. `logic` is the machine with every slot provided. Every
 * function here is pure: the host calls them while it builds a tick and writes what they return
 * itself, so the host never calls back into the code that registered the machine to write.
 */
export interface MachineDefinition {
  name: string;
  version: number;
  logic: AnyActorLogic;
  /** At rest: persisted as `idle`, then stopped and dropped from memory until loaded again. */
  atRest(snapshot: AnyMachineSnapshot): boolean;
  workspaceOf(snapshot: AnyMachineSnapshot): string | null;
  /** The machine's read model for a snapshot (e.g. the outcomes row), written with the snapshot. */
  project?(snapshot: AnyMachineSnapshot, now: string): TickRows;
  /**
   * What to write for an actor whose tick could not be stored and which the host stopped (e.g.
   * the outcome row as failed with `internal_error`, its `outcome.failed` event, a refund).
   * `snapshot` is the actor's last in-memory state.
   */
  failed?(snapshot: AnyMachineSnapshot, reason: string, now: string): TickRows;
  /** Called after every transition of a live actor, synchronously (never for a restore's first snapshot). */
  onTransition?(id: string, snapshot: AnyMachineSnapshot, previous: AnyMachineSnapshot | undefined): void;
  /** Called once the host stopped an actor whose tick could not be stored (release what it held). */
  onFailed?(id: string, snapshot: AnyMachineSnapshot): void;
}
