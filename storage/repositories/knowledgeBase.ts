import type { Db } from '../db.js';
import type { ChannelCount, KnowledgeMessage } from './knowledgeEntries.js';
import { createKnowledgeRetention, type KnowledgeRetention } from './knowledgeRetention.js';
import { createKnowledgeSearch, type KnowledgeSearch } from './knowledgeSearch.js';
import { createKnowledgeWrites, type KnowledgeWrites } from './knowledgeWrites.js';
import { createKnownEmptyWorkspaces } from './knownEmptyWorkspaces.js';

export type { ChannelCount, KnowledgeHit, KnowledgeMessage } from './knowledgeEntries.js';
export { queryTerms } from './knowledgeSearch.js';

/**
 * The knowledge base: chat messages and named documents of a workspace with full-text search
 * (FTS5 + bm25 on SQLite, tsvector + GIN on Postgres), owner of `knowledge_entries` (and, through
 * the FTS migration, `knowledge_scopes` and `knowledge_fts`). Every read and delete is scoped by
 * workspace; messages are unique per (workspace, team, channel, ts), so syncing one twice stores
 * it once (a changed text replaces the old one). Wires its writes (knowledgeWrites.ts), search
 * (knowledgeSearch.ts) and retention (knowledgeRetention.ts); the writes and the search share one
 * memo of the workspaces known to be empty (knownEmptyWorkspaces.ts), one per repository: the
 * process writes its knowledge base through the one repository `createRepositories` made.
 */
export function knowledgeBaseRepository(db: Db): KnowledgeBaseRepository {
  const entries = () => db('knowledge_entries');
  const knownEmpty = createKnownEmptyWorkspaces();

  return {
    ...createKnowledgeWrites(db, knownEmpty),
    ...createKnowledgeSearch(db, knownEmpty),
    ...createKnowledgeRetention(db),

    async documentsByName(workspaceId: string, names: string[]): Promise<Array<{ name: string; text: string; posted_at: string }>> {
      if (names.length === 0) return [];
      const lowered = names.map((name) => name.toLowerCase());
      const rows = await entries().where({ workspace_id: workspaceId, kind: 'document' }).whereRaw(`lower(source_key) in (${lowered.map(() => '?').join(', ')})`, lowered).select('source_key', 'text', 'posted_at');
      const byName = new Map(rows.map((row) => [String(row.source_key).toLowerCase(), row]));
      return lowered.flatMap((name) => {
        const row = byName.get(name);
        return row ? [{ name: String(row.source_key), text: String(row.text), posted_at: String(row.posted_at) }] : [];
      });
    },

    async channelCounts(workspaceId: string, teamId: string): Promise<ChannelCount[]> {
      const rows = await entries()
        .where({ workspace_id: workspaceId, team_id: teamId, kind: 'message' })
        .groupBy('channel_id')
        .select('channel_id', db.raw('max(channel_name) as channel_name'), db.raw('max(ts) as newest_ts'), db.raw('count(*) as message_count'));
      return rows.map((row: Record<string, unknown>) => ({ channel_id: String(row.channel_id), channel_name: String(row.channel_name ?? ''), message_count: Number(row.message_count), newest_ts: (row.newest_ts as string | null) ?? null }));
    },

    async countChannelSince(workspaceId: string, teamId: string, channelId: string, sinceTs: string): Promise<number> {
      const row = await entries().where({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId, kind: 'message' }).andWhere('ts', '>=', sinceTs).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    async countMessages(workspaceId: string): Promise<number> {
      const row = await entries().where({ workspace_id: workspaceId, kind: 'message' }).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    async activeThreads(workspaceId: string, teamId: string, channelId: string, sinceTs: string): Promise<string[]> {
      const rows = await entries()
        .where({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId, kind: 'message' })
        .whereNotNull('thread_ts')
        .groupBy('thread_ts')
        .havingRaw('max(ts) >= ?', [sinceTs])
        .select('thread_ts');
      return rows.map((row) => String(row.thread_ts));
    },

    async recentMessages(workspaceId: string, teamId: string, channelId: string, limit: number): Promise<KnowledgeMessage[]> {
      const rows = await entries().where({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId, kind: 'message' }).orderBy('ts', 'desc').limit(limit);
      return rows.map((row) => ({
        workspace_id: String(row.workspace_id),
        team_id: String(row.team_id),
        channel_id: String(row.channel_id),
        channel_name: String(row.channel_name ?? ''),
        ts: String(row.ts),
        thread_ts: (row.thread_ts as string | null) ?? null,
        author: (row.author as string | null) ?? null,
        text: String(row.text),
        posted_at: String(row.posted_at),
      }));
    },
  };
}

/** The knowledge base's contract: its writes, search and retention, and the reads below. */
export interface KnowledgeBaseRepository extends KnowledgeWrites, KnowledgeSearch, KnowledgeRetention {
  /** Documents of the workspace by name (case-insensitive), in the order asked; missing ones are left out. */
  documentsByName(workspaceId: string, names: string[]): Promise<Array<{ name: string; text: string; posted_at: string }>>;
  channelCounts(workspaceId: string, teamId: string): Promise<ChannelCount[]>;
  /** Messages of a channel with ts at or after `sinceTs`. */
  countChannelSince(workspaceId: string, teamId: string, channelId: string, sinceTs: string): Promise<number>;
  countMessages(workspaceId: string): Promise<number>;
  /** Threads of a channel with a message (parent or reply) at or after `sinceTs`: the ones to re-check for new replies. */
  activeThreads(workspaceId: string, teamId: string, channelId: string, sinceTs: string): Promise<string[]>;
  /** Newest messages of a channel, newest first (the legacy messages endpoint reads the API, not this). */
  recentMessages(workspaceId: string, teamId: string, channelId: string, limit: number): Promise<KnowledgeMessage[]>;
}
