import { isPostgres, type Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';
import { conversationCheckpointsRepository, type ChannelCheckpoint } from './conversationCheckpoints.js';
import type { KnowledgeMessage } from './knowledgeEntries.js';
import type { KnownEmptyWorkspaces } from './knownEmptyWorkspaces.js';

/** What adds to the knowledge base (one part of KnowledgeBaseRepository). */
export interface KnowledgeWrites {
  /** Inserts or refreshes messages; returns how many rows were written. */
  upsertMessages(messages: KnowledgeMessage[], now: string): Promise<number>;
  /**
   * Stores one page of a sync and its channel checkpoint in one transaction: after a crash the
   * checkpoint never lags behind what is stored, so a resumed run never reads a stored page again.
   */
  storeSyncPage(messages: KnowledgeMessage[], checkpoint: ChannelCheckpoint, now: string): Promise<void>;
  /** Stores (or replaces) a named context document. */
  upsertDocument(workspaceId: string, name: string, text: string, now: string): Promise<void>;
}

/** Rows per SQLite upsert statement (one JSON value each). */
const jsonChunk = 2000;

const entryColumns = ['workspace_id', 'kind', 'source_key', 'team_id', 'channel_id', 'channel_name', 'ts', 'thread_ts', 'author', 'title', 'text', 'posted_at', 'created_at'] as const;

/** Inserts or refreshes messages on `db` (the repository's handle or a transaction); returns how many rows were written. */
async function upsertMessagesIn(db: Db, messages: KnowledgeMessage[], now: string): Promise<number> {
  const rows = messages.map((m) => [m.workspace_id, 'message', `${m.team_id}:${m.channel_id}:${m.ts}`, m.team_id, m.channel_id, m.channel_name, m.ts, m.thread_ts, m.author, '', m.text, m.posted_at, now]);
  if (isPostgres(db)) {
    await insertMany(db, 'knowledge_entries', entryColumns, rows, { keys: ['workspace_id', 'kind', 'source_key'], update: ['text', 'channel_name', 'thread_ts'] });
    return rows.length;
  }
  // SQLite: a page is one statement whose rows arrive as one JSON array (one bound value
  // instead of 13 per row: binding and formatting thousands of values cost more than the
  // insert itself). A row that did not change is left alone, so its index entry is too.
  for (let i = 0; i < rows.length; i += jsonChunk) {
    await db.raw(
      `insert into knowledge_entries (${entryColumns.join(', ')})
       select ${entryColumns.map((_, index) => `value ->> ${index}`).join(', ')} from json_each(?) where true
       on conflict (workspace_id, kind, source_key) do update set text = excluded.text, channel_name = excluded.channel_name, thread_ts = excluded.thread_ts
       where knowledge_entries.text is not excluded.text or knowledge_entries.channel_name is not excluded.channel_name or knowledge_entries.thread_ts is not excluded.thread_ts`,
      [JSON.stringify(rows.slice(i, i + jsonChunk))],
    );
  }
  return rows.length;
}

/**
 * The knowledge base's writes. Messages are unique per (workspace, team, channel, ts), so syncing
 * one twice stores it once (a changed text replaces the old one); documents are unique per
 * (workspace, name). Invariant: every write goes through `knownEmpty.writing`, so no search
 * keeps a workspace's emptiness past a write to it.
 */
export function createKnowledgeWrites(db: Db, knownEmpty: KnownEmptyWorkspaces): KnowledgeWrites {
  return {
    upsertMessages(messages, now) {
      return knownEmpty.writing(
        messages.map((m) => m.workspace_id),
        () => upsertMessagesIn(db, messages, now),
      );
    },

    async storeSyncPage(messages, checkpoint, now) {
      await knownEmpty.writing(
        messages.map((m) => m.workspace_id),
        () =>
          db.transaction(async (trx) => {
            await upsertMessagesIn(trx, messages, now);
            await conversationCheckpointsRepository(trx).saveCheckpoint(checkpoint);
          }),
      );
    },

    async upsertDocument(workspaceId, name, text, now) {
      await knownEmpty.writing([workspaceId], () =>
        insertMany(db, 'knowledge_entries', entryColumns, [[workspaceId, 'document', name, null, null, null, null, null, null, name, text, now, now]], { keys: ['workspace_id', 'kind', 'source_key'], update: ['text', 'posted_at'] }),
      );
    },
  };
}
