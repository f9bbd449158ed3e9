import type { EncodedActorRow } from '../../storage/repositories/actors.js';
import type { NewEvent } from '../../storage/repositories/events.js';

/**
 * Everything a tick may write besides actor snapshots, as typed rows. Commands and machine
 * definitions build these as plain data; the host writes them in the tick's one transaction.
 *
 * The host declares only its own kinds here. Each machine adds its kinds where it keeps its
 * persistence, by augmenting this interface, and registers the row writer that stores them with
 * its definition (`MachineDefinition.rows`, rowWriter.ts):
 *
 *     declare module '../actors/tickRows.js' {
 *       interface TickRows { deliveryStates?: DeliveryRow[] }
 *     }
 */
export interface TickRows {
  /** New actor rows (before their first snapshot); the host inserts them (fenced on Postgres). */
  actors?: EncodedActorRow[];
  /** Events, written last and published once the tick committed. */
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
