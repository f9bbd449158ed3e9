import type { Knex } from 'knex';
import type { Metrics } from './createMetrics.js';

interface QueryEvent {
  sql?: string;
  __knexQueryUid?: string;
  __knexTxId?: string;
}

/**
 * Times the database from knex's own query events: a transaction from its BEGIN to its COMMIT or
 * ROLLBACK (knex reports those as queries of the transaction's connection), and each query that
 * runs outside a transaction from 'query' to 'query-response' or 'query-error'. Returns the
 * function that removes the listeners.
 */
export function timeDatabase(db: Knex, metrics: Metrics, now: () => number = () => performance.now()): () => void {
  const transactions = new Map<string, number>();
  const queries = new Map<string, number>();

  const onQuery = (query: QueryEvent) => {
    // Only the statement's first word matters: a multi-row insert's text is never copied whole.
    const sql = (query.sql ?? '').trimStart().slice(0, 20).toUpperCase();
    const tx = query.__knexTxId;
    if (tx && /^BEGIN|^START TRANSACTION/.test(sql)) {
      transactions.set(tx, now());
    } else if (tx && /^COMMIT|^ROLLBACK(?!\s+TO)/.test(sql)) {
      const started = transactions.get(tx);
      transactions.delete(tx);
      if (started !== undefined) metrics.database('transaction', sql.startsWith('COMMIT') ? 'commit' : 'rollback', (now() - started) / 1000);
    } else if (!tx && query.__knexQueryUid) {
      queries.set(query.__knexQueryUid, now());
    }
  };
  const finish = (query: QueryEvent | undefined, outcome: 'ok' | 'error') => {
    const uid = query?.__knexQueryUid;
    if (!uid) return;
    const started = queries.get(uid);
    if (started === undefined) return;
    queries.delete(uid);
    metrics.database('query', outcome, (now() - started) / 1000);
  };
  const onResponse = (_response: unknown, query: QueryEvent) => finish(query, 'ok');
  const onError = (_error: unknown, query: QueryEvent) => finish(query, 'error');

  db.on('query', onQuery);
  db.on('query-response', onResponse);
  db.on('query-error', onError);
  return () => {
    db.off('query', onQuery);
    db.off('query-response', onResponse);
    db.off('query-error', onError);
  };
}
