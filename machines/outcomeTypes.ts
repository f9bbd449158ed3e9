import type { ActionResolution, ApprovalPolicy, DecideEvent, PendingAction } from './approvals.js';

/**
 * The outcome machine's types (input, context, events, what its slots take and give), in a leaf
 * file: the machine and its event payload builders (outcomeEvents.ts) both read them, so neither
 * imports the other for types.
 */

export interface OutcomeStageRef {
  name: string;
  agent: string;
}

export interface OutcomeInput {
  outcomeId: string;
  workspaceId: string;
  crew: string;
  stages: OutcomeStageRef[];
  /** Every agent of the crew, in order (keys of the `agents` map). */
  agents: string[];
  /** Index of the stage whose agent applies a revision. */
  revisionStage: number;
  secondsPerStage: number;
  createdAt: string;
  /** Events already written for this outcome (outcome.created, crew.deployed). */
  sequence: number;
  revisionsAvailable: number;
  workflowId: string | null;
  /** True for a batch entry that waits for its dependencies. */
  held: boolean;
  /** The runtime's estimate at deploy (measured durations, queue, dependencies); else secondsPerStage per stage. */
  estimatedCompletion?: string;
  /** Approval points (issue 27); absent: the outcome never waits. */
  approvals?: ApprovalPolicy | null;
  /** The outcome's W3C trace context (docs/tracing.md), set at deploy when tracing is on. */
  traceparent?: string;
}

// A type alias, not an interface: it is stored as a JSON column, so it must be a Record<string, unknown>.
export type AgentEntry = {
  status: 'pending' | 'processing' | 'completed' | 'failed';
  started_at?: string;
  completion_time?: string;
  output_summary?: string;
  progress?: string;
};

// A type alias, not an interface: it is stored as a JSON column, so it must be a Record<string, unknown>.
export type OutcomeError = {
  code: string;
  message: string;
  details: Record<string, unknown>;
};

// A type alias, not an interface: it is stored as a JSON column, so it must be a Record<string, unknown>.
export type OutcomeResult = {
  content: string;
  metadata: Record<string, unknown>;
  assets: Array<{ type: string; url: string; description: string }>;
};

export interface FinalizeOutput {
  result: OutcomeResult;
  qualityMetrics: { overall_score: number; criteria: Record<string, number> };
  at: string;
  /** A revision's record of its feedback: the parts applied (null: the model does not say) and not applied, with why. */
  revisionNotes?: RevisionNotes;
}

export interface RevisionNotes {
  applied: string[] | null;
  not_applied: Array<{ part: string; reason: string }>;
}

export interface FinalizeInput {
  outcomeId: string;
  /** The step whose output is the final document: the last stage, or a revision. */
  stepKey: string;
  attempt: number;
  revisionId: string | null;
  /** Content that replaces the last stage's output (a reviewer's edit before integrations). */
  content?: string | null;
}

export interface ActiveRevision {
  id: string;
  feedback: string;
  changesRequested: string[];
  estimatedCompletion: string;
  startedAt: string;
}

export interface OutcomeContext {
  outcomeId: string;
  workspaceId: string;
  crew: string;
  stages: OutcomeStageRef[];
  revisionStage: number;
  secondsPerStage: number;
  createdAt: string;
  updatedAt: string;
  workflowId: string | null;
  sequence: number;
  attempt: number;
  stageIndex: number;
  stagesCompleted: string[];
  agents: Record<string, AgentEntry>;
  estimatedCompletion: string | null;
  /** The first completion; a revision never moves it. */
  completedAt: string | null;
  /** When the latest revision completed, and its id (absent in snapshots written before revisions kept them). */
  revisedAt?: string | null;
  revisionId?: string | null;
  failedAt: string | null;
  result: OutcomeResult | null;
  qualityMetrics: FinalizeOutput['qualityMetrics'] | null;
  error: OutcomeError | null;
  estimatedRetryTime: string | null;
  revisionsAvailable: number;
  revision: ActiveRevision | null;
  /** A batch entry waiting for its dependencies. */
  held: boolean;
  /** `integrations_executed`: entries by integration id (absent in snapshots older than issue 9). */
  integrationsExecuted?: Record<string, Record<string, unknown>>;
  /** Approvals (issue 27; absent in older snapshots): the policy, the open action, the last answer. */
  approvals?: ApprovalPolicy | null;
  pendingAction?: PendingAction | null;
  lastResolution?: ActionResolution | null;
  /** The integrations' gate: approved (run them after the stages), rejected, or done. */
  integrationsGate?: 'approved' | 'rejected' | 'done' | null;
  /** A reviewer's content edit, published by the integrations and kept as the result. */
  editedContent?: string | null;
  /** A result that waits for approval (built by finalize, not yet the outcome's result). */
  draft?: { result: OutcomeResult; qualityMetrics: FinalizeOutput['qualityMetrics'] } | null;
  /**
   * The outcome's W3C trace context (absent when tracing was off at deploy): persisted with the
   * snapshot, so a restored or taken-over outcome continues the same trace on any process.
   */
  traceparent?: string;
}

export type OutcomeEvent =
  | { type: 'RELEASE'; at: string }
  | { type: 'DEPENDENCY_FAILED'; at: string; dependency: string }
  | { type: 'START'; at: string }
  | { type: 'CANCEL'; at: string }
  | { type: 'RETRY'; at: string }
  | { type: 'REVISE'; at: string; revisionId: string; feedback: string; changesRequested: string[]; estimatedCompletion: string }
  | DecideEvent;

/** A spec event, emitted at the transition it belongs to. */
export interface OutcomeEmitted {
  type: 'event';
  event: string;
  timestamp: string;
  sequence: number;
  data: Record<string, unknown>;
}
