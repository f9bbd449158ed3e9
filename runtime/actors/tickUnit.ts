import type { AnyMachineSnapshot } from 'xstate';
import type { EncodedActorRow } from '../../storage/repositories/actors.js';
import type { CommitActor } from './types.js';
import type { PendingActor } from './pendingTick.js';
import { stateValueString } from './stateValueString.js';
import { mergeTickRows, type TickRows } from './tickRows.js';
import type { TickUnit } from './writeTick.js';

/** The actors-table row of a live actor's snapshot: `error`, `idle` (at rest) or `active`. */
export function snapshotRow(entry: CommitActor, snapshot: AnyMachineSnapshot, now: string): EncodedActorRow {
  const status = snapshot.status === 'error' ? 'error' : entry.def.atRest(snapshot) ? 'idle' : 'active';
  return {
    id: entry.id,
    machine: entry.def.name,
    version: entry.def.version,
    workspace_id: entry.def.workspaceOf(snapshot),
    status,
    state_value: stateValueString(snapshot.value).slice(0, 200),
    snapshot: JSON.stringify(entry.getPersistedSnapshot()),
    input: null,
    created_at: entry.createdAt,
    updated_at: now,
  };
}

/**
 * Builds one actor's unit of a tick: its staged rows and emitted events, plus (when it moved)
 * its snapshot row and its machine's projected rows. An actor no longer live writes only rows.
 */
export function tickUnitOf(liveActor: (id: string) => CommitActor | undefined, now: string) {
  return (id: string, waiting: PendingActor): TickUnit => {
    const rows: TickRows = {};
    for (const staged of waiting.rows) mergeTickRows(rows, staged);
    if (waiting.events.length > 0) mergeTickRows(rows, { events: waiting.events });
    const entry = liveActor(id);
    if (!entry || !waiting.dirty) return { actorId: id, snapshot: null, rows };
    const snapshot = entry.getSnapshot();
    if (entry.def.project) mergeTickRows(rows, entry.def.project(snapshot, now));
    return { actorId: id, snapshot: entry.def.snapshotInProjection ? null : snapshotRow(entry, snapshot, now), rows };
  };
}
