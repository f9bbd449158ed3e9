import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { TickRowKind, TickRows } from './tickRows.js';

/**
 * How one machine's rows are stored: declared with the machine's definition (`rows`), never by
 * the host. The host orders, fences and commits ticks; a row writer says which kinds of
 * `TickRows` it stores, in which tables, and writes them through its repositories inside the
 * tick's transaction.
 *
 * `phase` places it in the tick: `insert` writers run before the host writes the tick's actor
 * snapshots (new rows, appended history, refunds), `update` writers after them (read models
 * projected from the snapshots). Within a phase, writers run in registration order. The host's
 * own rows (new actor rows, snapshots, events) are not row writers' business.
 *
 * A writer must write the same rows again harmlessly: a tick whose transaction failed for a
 * passing reason is written again.
 */
export interface RowWriter {
  /** The `TickRows` kinds this writer stores; each kind has exactly one writer. */
  kinds: readonly TickRowKind[];
  /** The tables it writes (named here so an operator reading the registration sees them). */
  tables: readonly string[];
  phase: 'insert' | 'update';
  /** Writes this writer's kinds of `rows` (any of them may be absent or empty) inside `trx`. */
  write(rows: TickRows, trx: Db, repos: Repositories): Promise<void>;
}

/** The row writers of one host, by kind. */
export interface RowWriters {
  /** Adds a definition's writers; throws on a kind that already has one or that the host writes itself. */
  add(writers: readonly RowWriter[], owner: string): void;
  /** Writes the tick's rows of every writer of `phase`; throws for rows of a kind no writer stores. */
  write(phase: RowWriter['phase'], rows: TickRows, trx: Db, repos: Repositories): Promise<void>;
}

/** Kinds the host writes itself: new actor rows and events. */
const hostKinds: ReadonlySet<string> = new Set<TickRowKind>(['actors', 'events']);

export function createRowWriters(): RowWriters {
  const owners = new Map<string, string>();
  const ordered: RowWriter[] = [];

  function check(rows: TickRows): void {
    for (const kind of Object.keys(rows)) {
      const list = rows[kind as TickRowKind] as unknown[] | undefined;
      // Silently dropping rows would lose state: a kind without a writer is a wiring error, and a
      // TypeError is permanent (classifyWriteError): the unit is isolated, never retried forever.
      if (list?.length && !hostKinds.has(kind) && !owners.has(kind)) throw new TypeError(`no row writer is registered for tick rows of kind '${kind}'`);
    }
  }

  return {
    add(writers, owner) {
      for (const writer of writers) {
        for (const kind of writer.kinds) {
          if (hostKinds.has(kind)) throw new Error(`${owner}: tick rows of kind '${kind}' are the actor host's own`);
          const existing = owners.get(kind);
          if (existing) throw new Error(`${owner}: tick rows of kind '${kind}' already have a writer (${existing})`);
        }
        for (const kind of writer.kinds) owners.set(kind, owner);
        ordered.push(writer);
      }
    },
    async write(phase, rows, trx, repos) {
      if (phase === 'insert') check(rows);
      for (const writer of ordered) {
        if (writer.phase !== phase) continue;
        if (!writer.kinds.some((kind) => (rows[kind] as unknown[] | undefined)?.length)) continue;
        await writer.write(rows, trx, repos);
      }
    },
  };
}
