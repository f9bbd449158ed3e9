import type { Db } from '../db.js';
import type { Knex } from 'knex';

/** What a multi-row insert does with a row whose `keys` already exist: update `update`, or keep the old row. */
export interface OnConflict {
  keys: readonly string[];
  /** Columns taken from the new row; absent or empty: `do nothing`. */
  update?: readonly string[];
}

/** At most this many bound values per statement (SQLite allows 32766, Postgres 65535). */
const maxParams = 30_000;
/** At most this many rows per statement. */
const maxRows = 400;

function conflictClause(onConflict: OnConflict | undefined): string {
  if (!onConflict) return '';
  const keys = onConflict.keys.map((key) => `"${key}"`).join(', ');
  if (!onConflict.update || onConflict.update.length === 0) return ` on conflict (${keys}) do nothing`;
  return ` on conflict (${keys}) do update set ${onConflict.update.map((column) => `"${column}" = excluded."${column}"`).join(', ')}`;
}

/**
 * The one multi-row writer of storage: `INSERT ... VALUES (...), (...)` as raw SQL, valid on
 * SQLite and Postgres alike, split into statements that stay under both databases' bound-parameter
 * limits. Repositories call it with rows already encoded in `columns` order (`undefined` becomes
 * NULL). Raw SQL because knex compiles a SQLite multi-row insert into `select ... union all
 * select ...`, at a noticeable CPU cost on the hot write path. Holds no state.
 */
export async function insertMany(trx: Db, table: string, columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<Knex.Value | undefined>>, onConflict?: OnConflict): Promise<void> {
  if (rows.length === 0) return;
  const head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values `;
  const tail = conflictClause(onConflict);
  const size = Math.max(1, Math.min(maxRows, Math.floor(maxParams / Math.max(1, columns.length))));
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const bindings: Knex.Value[] = [];
    let sql = head;
    for (let r = 0; r < chunk.length; r += 1) {
      sql += r === 0 ? '(' : ', (';
      const row = chunk[r]!;
      for (let c = 0; c < row.length; c += 1) {
        const value = row[c];
        // A NULL is written into the SQL, not bound: the driver converts each bound value on the
        // main thread, and about a third of an outcome row's columns are null on every write.
        if (value === null || value === undefined) sql += c === 0 ? 'NULL' : ', NULL';
        else {
          sql += c === 0 ? '?' : ', ?';
          bindings.push(value);
        }
      }
      sql += ')';
    }
    await trx.raw(sql + tail, bindings);
  }
}
