import type { EncodedActorRow } from '../../storage/repositories/actors.js';
import type { ActionRow } from '../../storage/repositories/approvals.js';
import type { NewEvent } from '../../storage/repositories/events.js';
import type { OutcomeInputRow, OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { RevisionRow } from '../../storage/repositories/revisions.js';
import type { StageOutputRow } from '../../storage/repositories/stageOutputs.js';
import type { WorkflowRow } from '../../storage/repositories/workflows.js';
import type { ToolConnectionStatePatch } from '../../storage/repositories/toolConnections.js';
import type { TimerRow } from '../../storage/repositories/timers.js';
import type { AttemptRow, DeliveryRow } from '../../storage/repositories/webhookDeliveries.js';

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

/** A tool connection's projection onto its row; a disconnected one also loses its catalog. */
export interface ToolConnectionState {
  connectionId: string;
  patch: ToolConnectionStatePatch;
}

/**
 * Everything a tick may write besides actor snapshots, as typed rows. Commands and machine
 * definitions build these as plain data; only the actor host writes them (`writeTick`), each
 * kind through its repository, all in the tick's one transaction.
 */
export interface TickRows {
  /** New outcomes and their inputs (a deploy). */
  outcomes?: OutcomeRow[];
  outcomeInputs?: OutcomeInputRow[];
  /** New actor rows (before their first snapshot). */
  actors?: EncodedActorRow[];
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
  /** Tool connection rows projected from tool connection snapshots. */
  toolConnectionStates?: ToolConnectionState[];
  /** Webhook delivery rows projected from delivery snapshots, the attempts they supersede, their retry timers. */
  deliveryStates?: DeliveryRow[];
  deliveryAttempts?: AttemptRow[];
  timers?: Array<Omit<TimerRow, 'claimed_by' | 'claimed_until'>>;
  /** One credit given back per entry (a workspace id). */
  refunds?: string[];
  events?: NewEvent[];
}

export type TickRowKind = keyof TickRows;

/** Appends `rows` to `into`, kind by kind (no copies of the row objects). */
export function mergeTickRows(into: TickRows, rows: TickRows): TickRows {
  for (const kind of Object.keys(rows) as TickRowKind[]) {
    const list = rows[kind] as unknown[] | undefined;
    if (!list || list.length === 0) continue;
    const target = into[kind] as unknown[] | undefined;
    if (target) for (const row of list) target.push(row);
    else (into as Record<string, unknown[]>)[kind] = [...list];
  }
  return into;
}
