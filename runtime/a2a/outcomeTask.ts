import { Role, TaskState, type Artifact, type Message, type Part, type Task } from '@a2a-js/sdk';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';

/** The id of the one artifact an outcome's task carries: its result. */
export const resultArtifactId = 'result';

const text = (value: string, mediaType = 'text/plain'): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType });
const data = (value: Record<string, unknown>): Part => ({ content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' });

interface PendingAction {
  id: string;
  kind: string;
  summary?: string;
  preview?: { content?: string; integrations?: unknown[] };
  expires_at?: string;
}

/** The approval an outcome waits for, when it waits for one (issue 27). */
export function pendingActionOf(row: OutcomeRow): PendingAction | undefined {
  const action = row.pending_action as PendingAction | null | undefined;
  return row.status === 'processing' && action?.id ? action : undefined;
}

/**
 * An outcome's A2A task state. The outcome is the task: processing and a running revision are
 * `working`, a wait for a person is `input-required`, a cancelled outcome (failed with code
 * `cancelled`) is `canceled`.
 */
export function taskStateOf(row: OutcomeRow): TaskState {
  if (row.status === 'completed') return TaskState.TASK_STATE_COMPLETED;
  if (row.status === 'failed') return (row.error as { code?: string } | null)?.code === 'cancelled' ? TaskState.TASK_STATE_CANCELED : TaskState.TASK_STATE_FAILED;
  return pendingActionOf(row) ? TaskState.TASK_STATE_INPUT_REQUIRED : TaskState.TASK_STATE_WORKING;
}

/** Whether a follower stops at this state: terminal, or interrupted until the client answers. */
export function isSettled(state: TaskState): boolean {
  return state === TaskState.TASK_STATE_COMPLETED || state === TaskState.TASK_STATE_FAILED || state === TaskState.TASK_STATE_CANCELED || state === TaskState.TASK_STATE_INPUT_REQUIRED;
}

function statusText(row: OutcomeRow, state: TaskState): string {
  const progress = row.progress as { current_stage?: string; completion_percentage?: number };
  const error = row.error as { code?: string; message?: string } | null;
  switch (state) {
    case TaskState.TASK_STATE_COMPLETED:
      return row.revision_id ? `Completed (revision ${row.revision_id}).` : 'Completed.';
    case TaskState.TASK_STATE_FAILED:
    case TaskState.TASK_STATE_CANCELED:
      return `${error?.message ?? 'Failed.'}${error?.code ? ` (${error.code})` : ''}`;
    case TaskState.TASK_STATE_INPUT_REQUIRED: {
      const action = pendingActionOf(row)!;
      return `Waiting for approval: ${action.summary ?? action.kind}. Reply "approve" or "reject" (with a comment after it), or send a data part {"decision":"approve"|"reject","comment"?,"content"?}.`;
    }
    default:
      return `${row.status === 'revision_requested' ? 'Revising' : 'Working'}: ${progress.current_stage ?? 'queued'} (${progress.completion_percentage ?? 0}%).`;
  }
}

/** The agent's status message: the stage in words, and for an approval the action with its preview. */
function statusMessage(row: OutcomeRow, state: TaskState): Message {
  const parts = [text(statusText(row, state))];
  const action = pendingActionOf(row);
  if (action) parts.push(data({ pending_action: action }));
  return { messageId: `${row.id}:${row.updated_at}`, contextId: row.id, taskId: row.id, role: Role.ROLE_AGENT, parts, metadata: undefined, extensions: [], referenceTaskIds: [] };
}

/** The result as an artifact: the Markdown, and the metadata (with `deliverable`) as data. */
export function resultArtifactOf(row: OutcomeRow): Artifact | undefined {
  const result = row.result as { content?: string; metadata?: Record<string, unknown>; assets?: unknown[] } | null;
  if (!result || typeof result.content !== 'string') return undefined;
  const metadata = result.metadata ?? {};
  return {
    artifactId: resultArtifactId,
    name: 'result.md',
    description: `The ${row.crew} crew's result${row.revision_id ? ` (revision ${row.revision_id})` : ''}.`,
    parts: [text(result.content, 'text/markdown'), data({ deliverable: metadata.deliverable ?? null, metadata, assets: result.assets ?? [], quality_metrics: row.quality_metrics ?? null })],
    metadata: { deliverable: metadata.deliverable ?? null, ...(row.revision_id ? { revision_id: row.revision_id } : {}) },
    extensions: [],
  };
}

/**
 * An outcome seen as an A2A task: its id and context id are the outcome id, the status follows
 * the outcome (taskStateOf), the artifact is the result once there is one, and the metadata keeps
 * what REST shows (crew, status, progress, pending action). History is not kept: the outcome
 * stores its brief, not the A2A messages that carried it.
 */
export function taskOf(row: OutcomeRow): Task {
  const state = taskStateOf(row);
  const artifact = state === TaskState.TASK_STATE_COMPLETED || row.status === 'revision_requested' ? resultArtifactOf(row) : undefined;
  return {
    id: row.id,
    contextId: row.id,
    status: { state, message: statusMessage(row, state), timestamp: row.updated_at },
    artifacts: artifact ? [artifact] : [],
    history: [],
    metadata: {
      outcome_id: row.id,
      crew: row.crew,
      outcome_status: row.status,
      progress: row.progress,
      ...(row.revision_id ? { revision_id: row.revision_id } : {}),
      ...(pendingActionOf(row) ? { pending_action: pendingActionOf(row) } : {}),
    },
  };
}
