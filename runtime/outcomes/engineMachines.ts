import type { SnapshotFrom } from 'xstate';
import type { OutcomeMachine } from '../../machines/outcome.js';
import type { WorkflowMachine } from '../../machines/workflow.js';
import type { MachineHandle } from '../actors/actorHost.js';

/** A snapshot of an outcome actor (live, or restored from its row). */
export type OutcomeSnapshot = SnapshotFrom<OutcomeMachine>;
/** A snapshot of a workflow actor. */
export type WorkflowSnapshot = SnapshotFrom<WorkflowMachine>;

/** The outcome engine's machines as registered with the actor host (typed handles). */
export interface EngineMachines {
  outcome: MachineHandle<OutcomeMachine>;
  workflow: MachineHandle<WorkflowMachine>;
}
