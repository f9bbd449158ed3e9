import type { Db } from '../db.js';

/**
 * A NOTIFY a writer sends inside its own transaction (Postgres): delivered when, and only if, the
 * transaction commits, to every process listening then (issue 30 item 2). The channel and message
 * are the cluster signals' own (runtime/events/clusterSignals.ts); storage only carries them.
 */
export interface TransactionNotice {
  channel: string;
  message: string;
}

/** Sends `notices` within `trx` in one statement; nothing on SQLite or when there are none. */
export async function notifyWithin(trx: Db, notices: readonly TransactionNotice[]): Promise<void> {
  if (notices.length === 0 || trx.client.config.client !== 'pg') return;
  await trx.raw(`select ${notices.map(() => 'pg_notify(?, ?)').join(', ')}`, notices.flatMap((notice) => [notice.channel, notice.message]));
}
