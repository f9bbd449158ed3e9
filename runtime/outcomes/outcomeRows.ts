import type { ActionRow } from '../../storage/repositories/approvals.js';
import type { OutcomeInputRow, OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { RevisionRow } from '../../storage/repositories/revisions.js';
import type { StageOutputRow } from '../../storage/repositories/stageOutputs.js';
import type { WorkflowRow } from '../../storage/repositories/workflows.js';
import type { RowWriter } from '../actors/rowWriter.js';

/** A revision that ended, written onto its record. */
export interface RevisionSettled {
  revisionId: string;
  status: 'completed' | 'failed';
  at: string;
  error: Record<string, unknown> | null;
}

/** An approval action that was answered: its status and the answer. */
export interface ActionResolved {
  id: string;
  status: 'approved' | 'rejected' | 'cancelled';
  resolution: Record<string, unknown>;
}

// The outcome and workflow machines' kinds of tick rows (runtime/actors/tickRows.ts).
declare module '../actors/tickRows.js' {
  interface TickRows {
    /** New outcomes and their inputs (a deploy). */
    outcomes?: OutcomeRow[];
    outcomeInputs?: OutcomeInputRow[];
    /** New workflows (a batch deploy). */
    workflows?: WorkflowRow[];
    /** Read models projected from snapshots. */
    outcomeStates?: OutcomeRow[];
    workflowStates?: WorkflowRow[];
    /** Approval actions opened and answered (issue 27), staged by the outcome's transitions. */
    actionsOpened?: ActionRow[];
    actionsResolved?: ActionResolved[];
    stageOutputs?: StageOutputRow[];
    revisions?: RevisionRow[];
    revisionsSettled?: RevisionSettled[];
    /** One credit given back per entry (a workspace id). */
    refunds?: string[];
  }
}

/** What an outcome's deploy and its actor write before the snapshots: new rows, history, refunds. */
const outcomeInserts: RowWriter = {
  kinds: ['outcomes', 'outcomeInputs', 'stageOutputs', 'revisions', 'revisionsSettled', 'refunds'],
  tables: ['outcomes', 'outcome_inputs', 'stage_outputs', 'revisions', 'workspaces'],
  phase: 'insert',
  async write(rows, trx, repos) {
    if (rows.outcomes?.length) await repos.outcomes.insert(rows.outcomes, rows.outcomeInputs ?? [], trx);
    if (rows.stageOutputs?.length) await repos.stageOutputs.insertMany(rows.stageOutputs, trx);
    for (const revision of rows.revisions ?? []) await repos.revisions.insert(revision, trx);
    for (const settled of rows.revisionsSettled ?? []) await repos.revisions.finish(settled.revisionId, settled.status, settled.at, settled.error, trx);
    if (rows.refunds?.length) {
      const counts = new Map<string, number>();
      for (const workspaceId of rows.refunds) counts.set(workspaceId, (counts.get(workspaceId) ?? 0) + 1);
      for (const [workspaceId, count] of counts) await repos.credits.give(workspaceId, count, trx);
    }
  },
};

/** The outcome row projected from an outcome snapshot. */
const outcomeStates: RowWriter = {
  kinds: ['outcomeStates'],
  tables: ['outcomes'],
  phase: 'update',
  async write(rows, trx, repos) {
    await repos.outcomes.upsertState(rows.outcomeStates ?? [], trx);
  },
};

/** Approval actions (issue 27): opened with the snapshot that starts the wait, answered with the one that ends it. */
const approvalActions: RowWriter = {
  kinds: ['actionsOpened', 'actionsResolved'],
  tables: ['outcome_actions'],
  phase: 'update',
  async write(rows, trx, repos) {
    if (rows.actionsOpened?.length) await repos.approvals.upsertMany(rows.actionsOpened, trx);
    for (const resolved of rows.actionsResolved ?? []) await repos.approvals.resolve(resolved.id, resolved.status, resolved.resolution, trx);
  },
};

/** The outcome machine's persistence (registerMachines.ts). */
export const outcomeRowWriters: readonly RowWriter[] = [outcomeInserts, outcomeStates, approvalActions];

/** The workflow machine's persistence: new workflows (a batch deploy) and their projected rows. */
export const workflowRowWriters: readonly RowWriter[] = [
  {
    kinds: ['workflows'],
    tables: ['workflows'],
    phase: 'insert',
    async write(rows, trx, repos) {
      for (const workflow of rows.workflows ?? []) await repos.workflows.insert(workflow, trx);
    },
  },
  {
    kinds: ['workflowStates'],
    tables: ['workflows'],
    phase: 'update',
    async write(rows, trx, repos) {
      await repos.workflows.upsertState(rows.workflowStates ?? [], trx);
    },
  },
];
