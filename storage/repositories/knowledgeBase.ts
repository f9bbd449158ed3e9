import { isPostgres, type Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';
import { conversationCheckpointsRepository, type ChannelCheckpoint } from './conversationCheckpoints.js';
import { scopeFactor } from '../migrations/010_knowledge_fts.js';

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

/** Entries ranked per tier of a search: bounds its work whatever the query's words (see `search`). */
const candidates = 200;

/** Rows per SQLite upsert statement (one JSON value each). */
const jsonChunk = 2000;

const messageColumns = ['workspace_id', 'kind', 'source_key', 'team_id', 'channel_id', 'channel_name', 'ts', 'thread_ts', 'author', 'title', 'text', 'posted_at', 'created_at'] as const;

/** Inserts or refreshes messages on `db` (the repository's handle or a transaction); returns how many rows were written. */
async function upsertMessagesIn(db: Db, messages: KnowledgeMessage[], now: string): Promise<number> {
  const rows = messages.map((m) => [m.workspace_id, 'message', `${m.team_id}:${m.channel_id}:${m.ts}`, m.team_id, m.channel_id, m.channel_name, m.ts, m.thread_ts, m.author, '', m.text, m.posted_at, now]);
  if (isPostgres(db)) {
    await insertMany(db, 'knowledge_entries', messageColumns, rows, { keys: ['workspace_id', 'kind', 'source_key'], update: ['text', 'channel_name', 'thread_ts'] });
    return rows.length;
  }
  // SQLite: a page is one statement whose rows arrive as one JSON array (one bound value
  // instead of 13 per row: binding and formatting thousands of values cost more than the
  // insert itself). A row that did not change is left alone, so its index entry is too.
  for (let i = 0; i < rows.length; i += jsonChunk) {
    await db.raw(
      `insert into knowledge_entries (${messageColumns.join(', ')})
       select ${messageColumns.map((_, index) => `value ->> ${index}`).join(', ')} from json_each(?) where true
       on conflict (workspace_id, kind, source_key) do update set text = excluded.text, channel_name = excluded.channel_name, thread_ts = excluded.thread_ts
       where knowledge_entries.text is not excluded.text or knowledge_entries.channel_name is not excluded.channel_name or knowledge_entries.thread_ts is not excluded.thread_ts`,
      [JSON.stringify(rows.slice(i, i + jsonChunk))],
    );
  }
  return rows.length;
}

function hitOf(row: Record<string, unknown>): KnowledgeHit {
  return {
    kind: row.kind === 'document' ? 'document' : 'message',
    title: String(row.title ?? ''),
    text: String(row.text),
    channel_name: (row.channel_name as string | null) ?? null,
    posted_at: String(row.posted_at),
    score: Number(row.score),
  };
}

/**
 * The knowledge base: chat messages and named documents of a workspace with full-text search
 * (FTS5 + bm25 on SQLite, tsvector + GIN on Postgres). Every read and delete is scoped by
 * workspace; messages are unique per (workspace, team, channel, ts), so syncing one twice stores
 * it once (a changed text replaces the old one).
 */
export function knowledgeBaseRepository(db: Db): KnowledgeBaseRepository {
  const postgres = isPostgres(db);
  const entries = () => db('knowledge_entries');
  // Workspaces found to hold no entry at all, so that every outcome's retrieval in a workspace
  // without chat or documents (most of them) costs no query on the one SQLite connection. Exact
  // on SQLite, where this process owns the database (the data-dir lock); on Postgres other nodes
  // write too, so it always asks. Every write goes through `writing`: while one is in flight no
  // search records an emptiness, and the workspaces it wrote are cleared again once it committed
  // (or failed), so an emptiness recorded before the commit never outlives it. `writes` counts
  // writes begun, so a search that overlapped one (begun or ended) records nothing either.
  const knownEmpty = new Set<string>();
  let writes = 0;
  let inFlight = 0;
  async function writing<T>(workspaceIds: Iterable<string>, write: () => Promise<T>): Promise<T> {
    const ids = [...new Set(workspaceIds)];
    writes += 1;
    inFlight += 1;
    for (const id of ids) knownEmpty.delete(id);
    try {
      return await write();
    } finally {
      inFlight -= 1;
      writes += 1;
      for (const id of ids) knownEmpty.delete(id);
    }
  }

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

  /** Candidates of one tier: ids and scores (higher is better), best first. */
  type Candidate = { id: number; score: number };

  /**
   * SQLite, in one statement: FTS5 over the workspace's rowid range only (migration 010), the
   * most recently stored matches first, bm25 computed for at most `candidates` rows per tier
   * (bm25 depends on the terms, not on AND or OR, so both tiers' scores compare; a row found by
   * both counts once). The any-term tier's condition does not depend on its rows, so SQLite
   * checks it once and skips the tier when the every-term one found `limit`. Only the best
   * `limit` (and rows tied with the last of them) are joined to their entries and read in full.
   */
  async function searchSqlite(workspaceId: string, terms: string[], limit: number): Promise<Array<Record<string, unknown>>> {
    const phrases = terms.map((term) => `"${term.replace(/"/g, '""')}"`);
    const tier = (condition: string) =>
      `select rowid % ${scopeFactor} as id, bm25(knowledge_fts) as rank from knowledge_fts
        where ${condition} knowledge_fts match ? and rowid between (select low from scope) and (select low from scope) + ${scopeFactor - 1}
        order by rowid desc limit ${candidates}`;
    return db.raw(
      `with scope as materialized (select scope * ${scopeFactor} as low from knowledge_scopes where workspace_id = ?),
            every_term as materialized (${tier('')}),
            any_term as materialized (${tier('(select count(*) from every_term) < ? and')}),
            ranked as materialized (select id, min(rank) as rank from (select id, rank from every_term union all select id, rank from any_term) group by id)
       select e.kind, e.title, e.text, e.channel_name, e.posted_at, -r.rank as score
         from ranked r cross join knowledge_entries e on e.id = r.id
        where e.workspace_id = ? and r.rank <= coalesce((select rank from ranked order by rank limit 1 offset ?), 1e300)
        order by r.rank, e.posted_at desc limit ?`,
      [workspaceId, phrases.join(' AND '), limit, phrases.join(' OR '), workspaceId, limit - 1, limit],
    );
  }

  /** Postgres: the same tiers over the GIN index; ts_rank_cd always against the any-term query, so tiers compare. */
  async function rankPostgres(workspaceId: string, terms: string[], limit: number): Promise<Candidate[]> {
    const lexemes = terms.map((term) => term.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
    if (lexemes.length === 0) return [];
    const any = lexemes.join(' | ');
    const tier = async (filter: string): Promise<Candidate[]> => {
      const result = await db.raw(
        `select c.id, ts_rank_cd(c.tsv, to_tsquery('english', ?)) as score
           from (select id, tsv from knowledge_entries where workspace_id = ? and tsv @@ to_tsquery('english', ?) order by id desc limit ?) c`,
        [any, workspaceId, filter, candidates],
      );
      return (result.rows as Array<{ id: number; score: number }>).map((row) => ({ id: Number(row.id), score: Number(row.score) }));
    };
    return rankTiers(lexemes.length > 1 ? () => tier(lexemes.join(' & ')) : undefined, () => tier(any), limit);
  }

  /** Every-term tier first; the any-term tier only when it has fewer than `limit`. Merged, best first. */
  async function rankTiers(all: (() => Promise<Candidate[]>) | undefined, some: () => Promise<Candidate[]>, limit: number): Promise<Candidate[]> {
    const first = all ? await all() : [];
    const merged = new Map(first.map((candidate) => [candidate.id, candidate]));
    if (first.length < limit) for (const candidate of await some()) merged.set(candidate.id, candidate);
    return [...merged.values()].sort((a, b) => b.score - a.score);
  }

  return {
    /** Inserts or refreshes messages; returns how many rows were written. */
    upsertMessages(messages: KnowledgeMessage[], now: string): Promise<number> {
      return writing(
        messages.map((m) => m.workspace_id),
        () => upsertMessagesIn(db, messages, now),
      );
    },

    /**
     * Stores one page of a sync and its channel checkpoint in one transaction: after a crash the
     * checkpoint never lags behind what is stored, so a resumed run never reads a stored page again.
     */
    async storeSyncPage(messages: KnowledgeMessage[], checkpoint: ChannelCheckpoint, now: string): Promise<void> {
      await writing(
        messages.map((m) => m.workspace_id),
        () =>
          db.transaction(async (trx) => {
            await upsertMessagesIn(trx, messages, now);
            await conversationCheckpointsRepository(trx).saveCheckpoint(checkpoint);
          }),
      );
    },

    /** Stores (or replaces) a named context document. */
    async upsertDocument(workspaceId: string, name: string, text: string, now: string): Promise<void> {
      await writing([workspaceId], () =>
        insertMany(db, 'knowledge_entries', messageColumns, [[workspaceId, 'document', name, null, null, null, null, null, null, name, text, now, now]], { keys: ['workspace_id', 'kind', 'source_key'], update: ['text', 'posted_at'] }),
      );
    },

    /** Documents of the workspace by name (case-insensitive), in the order asked; missing ones are left out. */
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

    /**
     * Best matches of a free-text query in the workspace, best first (bm25 on SQLite, ts_rank_cd
     * on Postgres; ties newest first). Bounded work whatever the query: entries that contain every
     * term are ranked first (the `candidates` most recently stored); only when fewer than `limit`
     * do, the `candidates` most recently stored entries with any term join them, ranked by the same
     * score. So a query of common words costs the same as one of rare words, and a rare term's
     * match is found however old it is (it has few matches). Never reads another workspace's
     * entries.
     */
    async search(workspaceId: string, query: string, limit: number): Promise<KnowledgeHit[]> {
      if (!postgres && knownEmpty.has(workspaceId)) return [];
      const terms = queryTerms(query);
      if (terms.length === 0 || limit <= 0) return [];
      if (!postgres) {
        const writesBefore = writes;
        const rows = await searchSqlite(workspaceId, terms, limit);
        if (rows.length === 0 && !(await entries().where({ workspace_id: workspaceId }).first('id')) && inFlight === 0 && writes === writesBefore) knownEmpty.add(workspaceId);
        return rows.map(hitOf);
      }
      const ranked = await rankPostgres(workspaceId, terms, limit);
      if (ranked.length === 0) return [];
      // Only the best `limit` (and entries tied with the last of them) are read in full.
      const cut = ranked.length > limit ? ranked.filter((candidate) => candidate.score >= ranked[limit - 1]!.score) : ranked;
      const scores = new Map(cut.map((candidate) => [candidate.id, candidate.score]));
      // By primary key alone (a planner may prefer the workspace's index, every row of it, over
      // a list of ids); the workspace is checked on the rows read.
      const rows = await entries().whereIn('id', [...scores.keys()]).select('id', 'workspace_id', 'kind', 'title', 'text', 'channel_name', 'posted_at');
      return rows
        .filter((row: Record<string, unknown>) => row.workspace_id === workspaceId)
        .map((row: Record<string, unknown>) => hitOf({ ...row, score: scores.get(Number(row.id)) }))
        .sort((a, b) => b.score - a.score || (a.posted_at < b.posted_at ? 1 : a.posted_at > b.posted_at ? -1 : 0))
        .slice(0, limit);
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
    /** Deletes the team's messages and its channels' read checkpoints in one transaction. */
    async purgeTeam(workspaceId: string, teamId: string): Promise<number> {
      return db.transaction(async (trx) => {
        await conversationCheckpointsRepository(trx).removeSource(workspaceId, teamId);
        return Number(await trx('knowledge_entries').where({ workspace_id: workspaceId, team_id: teamId, kind: 'message' }).delete());
      });
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

export interface KnowledgeBaseRepository {
  /** Inserts or refreshes messages; returns how many rows were written. */
  upsertMessages(messages: KnowledgeMessage[], now: string): Promise<number>;
  /**
   * Stores one page of a sync and its channel checkpoint in one transaction: after a crash the
   * checkpoint never lags behind what is stored, so a resumed run never reads a stored page again.
   */
  storeSyncPage(messages: KnowledgeMessage[], checkpoint: ChannelCheckpoint, now: string): Promise<void>;
  /** Stores (or replaces) a named context document. */
  upsertDocument(workspaceId: string, name: string, text: string, now: string): Promise<void>;
  /** Documents of the workspace by name (case-insensitive), in the order asked; missing ones are left out. */
  documentsByName(workspaceId: string, names: string[]): Promise<Array<{ name: string; text: string; posted_at: string }>>;
  /**
   * Best matches of a free-text query in the workspace, best first (bm25 on SQLite, ts_rank_cd
   * on Postgres; ties newest first). Bounded work whatever the query: entries that contain every
   * term are ranked first (the `candidates` most recently stored); only when fewer than `limit`
   * do, the `candidates` most recently stored entries with any term join them, ranked by the same
   * score. So a query of common words costs the same as one of rare words, and a rare term's
   * match is found however old it is (it has few matches). Never reads another workspace's
   * entries.
   */
  search(workspaceId: string, query: string, limit: number): Promise<KnowledgeHit[]>;
  /** Keeps the `max` newest messages of a channel. */
  trimChannel: (workspaceId: string, teamId: string, channelId: string, max: number) => Promise<number>;
  /** Keeps the `max` newest messages of the workspace (all teams). */
  trimWorkspace: (workspaceId: string, max: number) => Promise<number>;
  /** Retention: removes the team's messages posted before `cutoff` (ISO). */
  deleteOlderThan(workspaceId: string, teamId: string, cutoff: string): Promise<number>;
  /** Removes every message synced from the team. */
  /** Deletes the team's messages and its channels' read checkpoints in one transaction. */
  purgeTeam(workspaceId: string, teamId: string): Promise<number>;
  channelCounts(workspaceId: string, teamId: string): Promise<ChannelCount[]>;
  /** Messages of a channel with ts at or after `sinceTs`. */
  countChannelSince(workspaceId: string, teamId: string, channelId: string, sinceTs: string): Promise<number>;
  countMessages(workspaceId: string): Promise<number>;
  /** Threads of a channel with a message (parent or reply) at or after `sinceTs`: the ones to re-check for new replies. */
  activeThreads(workspaceId: string, teamId: string, channelId: string, sinceTs: string): Promise<string[]>;
  /** Newest messages of a channel, newest first (the legacy messages endpoint reads the API, not this). */
  recentMessages(workspaceId: string, teamId: string, channelId: string, limit: number): Promise<KnowledgeMessage[]>;
}
