import { isPostgres, type Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';

/** One synced chat message as stored in the knowledge base. */
export interface KnowledgeMessage {
  workspace_id: string;
  team_id: string;
  channel_id: string;
  channel_name: string;
  ts: string;
  thread_ts: string | null;
  author: string | null;
  text: string;
  /** ISO time of `ts`. */
  posted_at: string;
}

/** A search hit: the entry and its rank (higher is better, on both databases). */
export interface KnowledgeHit {
  kind: 'message' | 'document';
  title: string;
  text: string;
  channel_name: string | null;
  posted_at: string;
  score: number;
}

export interface ChannelCount {
  channel_id: string;
  channel_name: string;
  message_count: number;
  newest_ts: string | null;
}

const stopwords = new Set(
  'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its me my no not of on or our she so that the their them then there these they this those to too up us was we were what when where which who why will with would you your about after all also any because before being both each few more most other over own same some such than through under until very just only out should'.split(
    ' ',
  ),
);

/** The distinct searchable words of a free-text query (a brief is long: stop words dropped). */
export function queryTerms(query: string, max = 24): string[] {
  const terms: string[] = [];
  for (const word of query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 2 || stopwords.has(word) || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length === max) break;
  }
  return terms;
}

const messageColumns = ['workspace_id', 'kind', 'source_key', 'team_id', 'channel_id', 'channel_name', 'ts', 'thread_ts', 'author', 'title', 'text', 'posted_at', 'created_at'] as const;

/**
 * The knowledge base: chat messages and named documents of a workspace with full-text search
 * (FTS5 + bm25 on SQLite, tsvector + GIN on Postgres). Every read and delete is scoped by
 * workspace; messages are unique per (workspace, team, channel, ts), so syncing one twice stores
 * it once (a changed text replaces the old one).
 */
export function knowledgeBaseRepository(db: Db) {
  const postgres = isPostgres(db);
  const entries = () => db('knowledge_entries');

  /** Deletes the messages of `scope` beyond the `keep` newest (by ts). */
  async function keepNewest(scope: Record<string, string>, keep: number): Promise<number> {
    const edge = await entries().where({ ...scope, kind: 'message' }).orderBy([{ column: 'ts', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(keep).first('ts', 'id');
    if (!edge) return 0;
    const deleted = await entries()
      .where({ ...scope, kind: 'message' })
      .andWhere((q) => q.where('ts', '<', edge.ts).orWhere((q2) => q2.where('ts', '=', edge.ts).andWhere('id', '<=', edge.id)))
      .delete();
    return Number(deleted);
  }

  return {
    /** Inserts or refreshes messages; returns how many rows were written. */
    async upsertMessages(messages: KnowledgeMessage[], now: string): Promise<number> {
      const rows = messages.map((m) => [m.workspace_id, 'message', `${m.team_id}:${m.channel_id}:${m.ts}`, m.team_id, m.channel_id, m.channel_name, m.ts, m.thread_ts, m.author, '', m.text, m.posted_at, now]);
      await insertMany(db, 'knowledge_entries', messageColumns, rows, { keys: ['workspace_id', 'kind', 'source_key'], update: ['text', 'channel_name', 'thread_ts'] });
      return rows.length;
    },

    /** Stores (or replaces) a named context document. */
    async upsertDocument(workspaceId: string, name: string, text: string, now: string): Promise<void> {
      await insertMany(db, 'knowledge_entries', messageColumns, [[workspaceId, 'document', name, null, null, null, null, null, null, name, text, now, now]], { keys: ['workspace_id', 'kind', 'source_key'], update: ['text', 'posted_at'] });
    },

    /** Documents of the workspace by name (case-insensitive), in the order asked; missing ones are left out. */
    async documentsByName(workspaceId: string, names: string[]): Promise<Array<{ name: string; text: string; posted_at: string }>> {
      if (names.length === 0) return [];
      const lowered = names.map((name) => name.toLowerCase());
      const rows = await entries().where({ workspace_id: workspaceId, kind: 'document' }).whereIn(db.raw('lower(source_key)') as never, lowered).select('source_key', 'text', 'posted_at');
      const byName = new Map(rows.map((row) => [String(row.source_key).toLowerCase(), row]));
      return lowered.flatMap((name) => {
        const row = byName.get(name);
        return row ? [{ name: String(row.source_key), text: String(row.text), posted_at: String(row.posted_at) }] : [];
      });
    },

    /** Best matches of a free-text query in the workspace, best first. */
    async search(workspaceId: string, query: string, limit: number): Promise<KnowledgeHit[]> {
      const terms = queryTerms(query);
      if (terms.length === 0 || limit <= 0) return [];
      let rows: Array<Record<string, unknown>>;
      if (postgres) {
        const tsquery = terms.map((term) => term.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean).join(' | ');
        const result = await db.raw(
          `select kind, title, text, channel_name, posted_at, ts_rank_cd(tsv, q) as score
             from knowledge_entries, to_tsquery('english', ?) q
            where workspace_id = ? and tsv @@ q
            order by score desc, posted_at desc limit ?`,
          [tsquery, workspaceId, limit],
        );
        rows = result.rows;
      } else {
        const match = terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' OR ');
        rows = await db.raw(
          // CROSS JOIN keeps the full-text match as the outer loop (SQLite does not reorder it):
          // otherwise the planner may walk the workspace's rows and probe the index once per row.
          `select e.kind, e.title, e.text, e.channel_name, e.posted_at, -bm25(knowledge_fts) as score
             from knowledge_fts cross join knowledge_entries e on e.id = knowledge_fts.rowid
            where knowledge_fts match ? and e.workspace_id = ?
            order by bm25(knowledge_fts), e.posted_at desc limit ?`,
          [match, workspaceId, limit],
        );
      }
      return rows.map((row) => ({
        kind: row.kind === 'document' ? 'document' : 'message',
        title: String(row.title ?? ''),
        text: String(row.text),
        channel_name: (row.channel_name as string | null) ?? null,
        posted_at: String(row.posted_at),
        score: Number(row.score),
      }));
    },

    /** Keeps the `max` newest messages of a channel. */
    trimChannel: (workspaceId: string, teamId: string, channelId: string, max: number) => keepNewest({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId }, max),
    /** Keeps the `max` newest messages of the workspace (all teams). */
    trimWorkspace: (workspaceId: string, max: number) => keepNewest({ workspace_id: workspaceId }, max),

    /** Retention: removes the team's messages posted before `cutoff` (ISO). */
    async deleteOlderThan(workspaceId: string, teamId: string, cutoff: string): Promise<number> {
      return Number(await entries().where({ workspace_id: workspaceId, team_id: teamId, kind: 'message' }).andWhere('posted_at', '<', cutoff).delete());
    },

    /** Removes every message synced from the team. */
    async purgeTeam(workspaceId: string, teamId: string): Promise<number> {
      return Number(await entries().where({ workspace_id: workspaceId, team_id: teamId, kind: 'message' }).delete());
    },

    async channelCounts(workspaceId: string, teamId: string): Promise<ChannelCount[]> {
      const rows = await entries()
        .where({ workspace_id: workspaceId, team_id: teamId, kind: 'message' })
        .groupBy('channel_id')
        .select('channel_id', db.raw('max(channel_name) as channel_name'), db.raw('max(ts) as newest_ts'), db.raw('count(*) as message_count'));
      return rows.map((row: Record<string, unknown>) => ({ channel_id: String(row.channel_id), channel_name: String(row.channel_name ?? ''), message_count: Number(row.message_count), newest_ts: (row.newest_ts as string | null) ?? null }));
    },

    /** Messages of a channel with ts at or after `sinceTs`. */
    async countChannelSince(workspaceId: string, teamId: string, channelId: string, sinceTs: string): Promise<number> {
      const row = await entries().where({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId, kind: 'message' }).andWhere('ts', '>=', sinceTs).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    async countMessages(workspaceId: string): Promise<number> {
      const row = await entries().where({ workspace_id: workspaceId, kind: 'message' }).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    /** Threads of a channel with a message (parent or reply) at or after `sinceTs`: the ones to re-check for new replies. */
    async activeThreads(workspaceId: string, teamId: string, channelId: string, sinceTs: string): Promise<string[]> {
      const rows = await entries()
        .where({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId, kind: 'message' })
        .whereNotNull('thread_ts')
        .groupBy('thread_ts')
        .havingRaw('max(ts) >= ?', [sinceTs])
        .select('thread_ts');
      return rows.map((row) => String(row.thread_ts));
    },

    /** Newest messages of a channel, newest first (the legacy messages endpoint reads the API, not this). */
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

export type KnowledgeBaseRepository = ReturnType<typeof knowledgeBaseRepository>;
