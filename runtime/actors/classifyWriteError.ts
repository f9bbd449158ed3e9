/**
 * Whether writing a tick again can succeed. `permanent`: the rows themselves cannot be stored
 * (retrying the same rows fails the same way), so the actor they belong to must be isolated.
 * `transient`: the database or the connection is the problem; the same write is tried again later.
 * Unknown errors count as transient: stalling is visible (readiness, flush failures), losing an
 * outcome for a passing fault is not.
 */
export type WriteErrorKind = 'permanent' | 'transient';

/** Postgres SQLSTATE classes and codes the same rows will always fail with. */
const permanentPostgres = new Set([
  '22021', // invalid byte sequence for encoding (a NUL in text)
  '22P05', // untranslatable character (\u0000 in jsonb)
  '22P02', // invalid text representation
  '22001', // string too long
  '22003', // numeric value out of range
  '54000', // program limit exceeded (e.g. a row too large)
  '54001', // statement too complex
]);
/** SQLite result codes the same rows will always fail with. */
const permanentSqlite = new Set(['SQLITE_TOOBIG', 'SQLITE_CONSTRAINT', 'SQLITE_MISMATCH', 'SQLITE_RANGE']);

export function classifyWriteError(error: unknown): WriteErrorKind {
  // Encoding a row (JSON.stringify of deeply nested data, a cycle, a BigInt) fails before SQL.
  if (error instanceof RangeError || error instanceof TypeError) return 'permanent';
  const e = error as { code?: unknown; errno?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (permanentPostgres.has(code)) return 'permanent';
  // Integrity constraint violations (class 23): unique, foreign key, not null, check.
  if (/^23[0-9A-Z]{3}$/.test(code)) return 'permanent';
  // node-sqlite3 reports the primary result code (SQLITE_CONSTRAINT, not SQLITE_CONSTRAINT_UNIQUE).
  if (permanentSqlite.has(code)) return 'permanent';
  return 'transient';
}
