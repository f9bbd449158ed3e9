/** At most this many ids per `whereIn` (SQLite's default bound-variable limit is 999; 500 leaves room). */
export const maxIdsPerRead = 500;

/**
 * Runs `read` over `ids` in chunks of at most `maxIdsPerRead` (one after another: SQLite has one
 * connection) and concatenates the rows. Holds no state.
 */
export async function readInChunks<Row>(ids: readonly string[], read: (chunk: string[]) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < ids.length; i += maxIdsPerRead) {
    for (const row of await read(ids.slice(i, i + maxIdsPerRead))) rows.push(row);
  }
  return rows;
}
