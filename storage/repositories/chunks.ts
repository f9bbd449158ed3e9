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
