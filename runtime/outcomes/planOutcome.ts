import type { Actor } from 'xstate';
import type { OutcomeInput, OutcomeMachine, OutcomeStageRef } from '../../machines/outcome.js';
import type { ApprovalPolicy } from '../../machines/approvals.js';
import type { EncodedActorRow } from '../../storage/repositories/actors.js';
import type { OutcomeInputRow } from '../../storage/repositories/outcomes.js';
import { eventId } from '../actors/eventId.js';
import type { TickRows } from '../actors/tickRows.js';
import type { CrewDefinition } from '../../crews/index.js';
import type { EngineMachines } from './engineMachines.js';
import { outcomeRow, publicProgress } from './outcomeProjection.js';
import type { DeployRequest } from '../../schemas/outcomes.js';
import type { Deployed } from './requests.js';

export const initialRevisions = 3;

/** One outcome built but not started: its actor, and the rows its deploy commits. */
export interface PlannedOutcome {
  id: string;
  crew: CrewDefinition;
  input: OutcomeInput;
  inputRow: OutcomeInputRow;
  actor: Actor<OutcomeMachine>;
  /** Outcome row, input row, actor row and the first two events (outcome.created, crew.deployed). */
  rows: TickRows;
}

export interface PlanArgs {
  id: string;
  workspaceId: string;
  crew: CrewDefinition;
  request: DeployRequest;
  createdAt: string;
  workflowId?: string;
  /** Waits for dependencies (a batch entry with depends_on). */
  held?: boolean;
  dependsOn?: string[];
  priority?: number;
  /** From the CompletionEstimator; the machine's per-stage guess when absent. */
  estimatedCompletion?: string;
  /** The effective approval policy (issue 27); null or absent: the outcome never waits. */
  approvals?: ApprovalPolicy | null;
  /** The outcome's trace context (runtime/telemetry/deployTrace.ts); absent when tracing is off. */
  traceparent?: string;
}

/** The actor row written before an actor's first snapshot: restore starts it from `input`. */
export function newActorRow(id: string, machine: string, workspaceId: string, input: unknown, createdAt: string, stateValue: string): EncodedActorRow {
  return { id, machine, version: 1, workspace_id: workspaceId, status: 'active', state_value: stateValue, snapshot: null, input: JSON.stringify(input), created_at: createdAt, updated_at: createdAt };
}

/**
 * Each crew's stage list as the outcome machine holds it, built once per (frozen) crew definition
 * and shared, frozen, by every outcome deployed here: thousands of live outcomes would otherwise
 * each hold an equal copy (about 270 bytes for six stages). The machine never mutates it.
 */
const stageRefs = new WeakMap<CrewDefinition, OutcomeStageRef[]>();
function stageRefsOf(crew: CrewDefinition): OutcomeStageRef[] {
  let refs = stageRefs.get(crew);
  if (!refs) stageRefs.set(crew, (refs = Object.freeze(crew.stages.map((stage) => Object.freeze({ name: stage.name, agent: stage.agent }))) as OutcomeStageRef[]));
  return refs;
}

/** The index of the stage whose agent applies revision feedback (the crew's `revisionStage`). */
function revisionStageIndex(crew: CrewDefinition): number {
  const index = crew.stages.findIndex((stage) => stage.name === crew.revisionStage);
  return index >= 0 ? index : Math.max(0, crew.stages.length - 1);
}

/**
 * A deploy's absent `requirements` or `integrations`: one frozen empty object shared by every
 * live outcome's cached input (nothing writes to either), not an object per outcome.
 */
const noneGiven: Record<string, unknown> = Object.freeze({});

/** Builds (does not start) one outcome and the rows that make it durable. */
export function planOutcome(outcomes: Pick<EngineMachines['outcome'], 'create' | 'name'>, args: PlanArgs): PlannedOutcome {
  const { id, workspaceId, crew, request, createdAt } = args;
  const input: OutcomeInput = {
    outcomeId: id,
    workspaceId,
    crew: crew.id,
    stages: stageRefsOf(crew),
    agents: crew.agents,
    revisionStage: revisionStageIndex(crew),
    secondsPerStage: crew.secondsPerStage,
    createdAt,
    sequence: 2,
    revisionsAvailable: initialRevisions,
    workflowId: args.workflowId ?? null,
    held: args.held ?? false,
    ...(args.estimatedCompletion ? { estimatedCompletion: args.estimatedCompletion } : {}),
    ...(args.approvals ? { approvals: args.approvals } : {}),
    ...(args.traceparent ? { traceparent: args.traceparent } : {}),
  };
  const actor = outcomes.create(input);
  const snapshot = actor.getSnapshot();
  const context = snapshot.context;
  const requirements = request.requirements ?? noneGiven;
  const inputRow: OutcomeInputRow = {
    outcome_id: id,
    brief: request.brief,
    context: request.context ?? null,
    requirements,
    integrations: request.integrations ?? noneGiven,
    template_id: request.template_id ?? null,
    context_documents: request.context_documents ?? [],
    depends_on: args.dependsOn ?? [],
    priority: args.priority ?? null,
    approvals: (args.approvals ?? null) as Record<string, unknown> | null,
  };
  const event = (sequence: number, kind: string, data: Record<string, unknown>) => ({ id: eventId(id, sequence), workspace_id: workspaceId, outcome_id: id, sequence, kind, timestamp: createdAt, data });
  const rows: TickRows = {
    outcomes: [{ ...outcomeRow(snapshot, createdAt), progress: publicProgress(snapshot) }],
    outcomeInputs: [inputRow],
    actors: [newActorRow(id, outcomes.name, workspaceId, input, createdAt, input.held ? 'held' : 'queued')],
    events: [
      event(1, 'outcome.created', { outcome_id: id, crew: crew.id, status: 'processing', created_at: createdAt }),
      event(2, 'crew.deployed', { outcome_id: id, crew: crew.id, status: 'processing', agents_deployed: crew.agents, estimated_completion: context.estimatedCompletion, brief: request.brief, requirements }),
    ],
  };
  return { id, crew, input, inputRow, actor, rows };
}

/** The answer of deploy and run for a planned outcome. */
export function deployedView(planned: PlannedOutcome): Deployed {
  const snapshot = planned.actor.getSnapshot();
  const context = snapshot.context;
  // The deploy's estimate (crew.deployed carries the same), not the machine's per-stage guess at START.
  return { id: planned.id, crew: planned.crew, createdAt: context.createdAt, estimatedCompletion: planned.input.estimatedCompletion ?? context.estimatedCompletion, progress: publicProgress(snapshot) };
}
