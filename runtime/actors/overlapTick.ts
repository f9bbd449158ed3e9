import type { PendingTick } from './pendingTick.js';
import { eventsOf, settleGroups, writeItems, type FlushContext, type FlushResult, type Item } from './tickItems.js';
import { collectTickWrites, writeTick } from './writeTick.js';

/** A tick cut in two: the deploys (guarded groups that create outcomes), then everything else in tick order. */
export interface OverlapSplit {
  items: Item[];
  deploys: Item[];
  rest: Item[];
}

/** The writer connection as node-sqlite3 gives it, and the pool it comes from. */
interface WriterConnection {
  exec(sql: string, callback: (error: Error | null) => void): void;
}
interface WriterPool {
  acquireConnection(): Promise<WriterConnection>;
  releaseConnection(connection: WriterConnection): Promise<unknown>;
}

/**
 * The tick's deploys and the rest, or undefined when the tick is not one to cut: no deploy, nothing
 * else, or a guarded command of another kind (its guard may read what the rest writes, so the
 * tick stays one transaction). A deploy creates outcomes no other unit of its tick can name (an
 * outcome's actor starts after its deploy commits), so writing the deploys first changes no
 * row another unit depends on, and no outcome's events change order.
 */
export function overlapSplit(items: Item[]): OverlapSplit | undefined {
  const deploys: Item[] = [];
  const rest: Item[] = [];
  for (const item of items) {
    if (item.group && item.unit.credits) {
      if (!item.unit.rows.outcomes?.length) return undefined;
      deploys.push(item);
    } else rest.push(item);
  }
  return deploys.length > 0 && rest.length > 0 ? { items, deploys, rest } : undefined;
}

function run(connection: WriterConnection, sql: string): Promise<void> {
  return new Promise((resolve, reject) => connection.exec(sql, (error) => (error ? reject(error) : resolve())));
}

/**
 * Writes a cut tick on SQLite as two transactions on the writer connection, held for both: the
 * deploys with their guards, and inside that transaction the text of the rest's writes, collected
 * and not run (writeTick.ts `collectTickWrites`); once the deploys commit, the rest goes to SQLite
 * as one call (`BEGIN; ...; COMMIT`) before the deploys' callers are told, so SQLite writes the
 * actors' rows while the main thread runs what the deploys' commit released (their callers' next
 * requests, the new outcomes' first stages). Why: a tick's commit released all the work of the
 * next one, and the main thread and SQLite took turns (docs/benchmarks.md, issue 30 item 3).
 *
 * Invariants: the deploys are stored before the rest, in transactions of their own; the rest's
 * events are published after the deploys' (their positions are later); a failure before the
 * deploys committed writes the whole tick the usual way (`writeItems`), a failure of the rest
 * rolls it back and writes the rest the usual way, so nothing is lost or written twice, and a
 * unit that can never be stored is isolated as always.
 */
export async function overlapTick(ctx: FlushContext, split: OverlapSplit, failed: FlushResult['failed'], tick: PendingTick): Promise<FlushResult> {
  const pool = ctx.db.client as WriterPool;
  const connection = await pool.acquireConnection();
  let held = true;
  const release = async (): Promise<void> => {
    if (!held) return;
    held = false;
    await pool.releaseConnection(connection);
  };
  let text: string | undefined;
  try {
    await ctx.db.transaction(
      async (trx) => {
        await writeTick(ctx.repos, ctx.writers, split.deploys.map((item) => item.unit), trx);
        text = await collectTickWrites(ctx.repos, ctx.writers, split.rest.map((item) => item.unit), trx);
      },
      { connection },
    );
  } catch {
    // Nothing of the tick is stored: write it whole the usual way, which finds what failed.
    await release();
    return writeItems(ctx, split.items, failed, tick.waiters, tick.since);
  }
  // The deploys are stored. The rest goes to SQLite's thread now, before their callers go on.
  const rest = text === undefined ? undefined : run(connection, `BEGIN;\n${text};\nCOMMIT`);
  settleGroups(split.deploys);
  const deployEvents = eventsOf(split.deploys);
  let restFailed = rest === undefined;
  try {
    if (rest) await rest;
  } catch {
    restFailed = true;
    await run(connection, 'ROLLBACK').catch(() => undefined);
  } finally {
    await release();
  }
  if (!restFailed) {
    settleGroups(split.rest);
    return { events: [...deployEvents, ...eventsOf(split.rest)], failed, fenced: [], retry: null, retryError: null };
  }
  const after = await writeItems(ctx, split.rest, failed, tick.waiters, tick.since);
  return { ...after, events: [...deployEvents, ...after.events] };
}
