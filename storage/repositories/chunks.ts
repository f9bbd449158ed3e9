import type { Db } from '../db.js';
/**
 * Splits rows for multi-row statements so one statement stays under the bound-parameter limit
 * of both databases (SQLite 32766, Postgres 65535) and under SQLite's 500 terms of a compound
 * SELECT (knex writes a multi-row SQLite insert as `select ... union all select ...`).
 */
export function chunkRows<T extends object>(rows: T[], maxParams = 30_000, maxRows = 400): T[][] {
  if (rows.length === 0) return [];
  const columns = Math.max(1, Object.keys(rows[0]!).length);
  const size = Math.max(1, Math.min(maxRows, Math.floor(maxParams / columns)));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return JSON.parse(String(value)) as T;
}

/**
 * Multi-row `INSERT ... VALUES (...), (...)` as raw SQL, chunked like `chunkRows`, with an
 * optional conflict clause (`on conflict (id) do update set ...` / `do nothing`), valid on SQLite
 * and Postgres alike. The hot write path uses it instead of the query builder, which compiles
 * SQLite multi-row inserts into `select ... union all select ...` at a noticeable CPU cost.
 * `undefined` is written as NULL.
 */
export async function insertValues(trx: Db, table: string, columns: readonly string[], rows: unknown[][], conflict = ''): Promise<void> {
  if (rows.length === 0) return;
  const head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const size = Math.max(1, Math.min(400, Math.floor(30_000 / columns.length)));
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const bindings: unknown[] = [];
    for (const row of chunk) for (const value of row) bindings.push(value === undefined ? null : value);
    await trx.raw(`${head}${new Array(chunk.length).fill(tuple).join(', ')}${conflict ? ` ${conflict}` : ''}`, bindings as never);
  }
}

/** `on conflict (keys) do update set c = excluded.c, ...` */
export function upsertClause(keys: readonly string[], columns: readonly string[]): string {
  return `on conflict (${keys.map((key) => `"${key}"`).join(', ')}) do update set ${columns.map((column) => `"${column}" = excluded."${column}"`).join(', ')}`;
}
