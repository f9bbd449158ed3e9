import { isPostgres, type Db } from '../db.js';
import { scopeFactor } from '../migrations/010_knowledge_fts.js';
import type { KnowledgeHit } from './knowledgeEntries.js';
import type { KnownEmptyWorkspaces } from './knownEmptyWorkspaces.js';

/** Full-text search of the knowledge base (one part of KnowledgeBaseRepository). */
export interface KnowledgeSearch {
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
 * SQLite, in one statement: FTS5 over the workspace's rowid range only (migration 010), the
 * most recently stored matches first, bm25 computed for at most `candidates` rows per tier
 * (bm25 depends on the terms, not on AND or OR, so both tiers' scores compare; a row found by
 * both counts once). The any-term tier's condition does not depend on its rows, so SQLite
 * checks it once and skips the tier when the every-term one found `limit`. Only the best
 * `limit` (and rows tied with the last of them) are joined to their entries and read in full.
 */
async function searchSqlite(db: Db, workspaceId: string, terms: string[], limit: number): Promise<Array<Record<string, unknown>>> {
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

/**
 * Postgres, in one statement (one round trip per stage that searches, whatever it finds): the
 * same tiers over the GIN index, each the `candidates` most recently stored matches; the any-term
 * tier's condition does not depend on its rows, so Postgres checks it once (a one-time filter)
 * and skips the tier when the every-term one found `limit`. Scores are ts_rank_cd against the
 * any-term query in both tiers, so they compare and a row found by both is one row of the union.
 * Only the best `limit` (and rows tied with the last of them) are joined to their entries and read
 * in full, by primary key; the workspace is checked on the rows read.
 */
async function searchPostgres(db: Db, workspaceId: string, terms: string[], limit: number): Promise<Array<Record<string, unknown>>> {
  const lexemes = terms.map((term) => term.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  if (lexemes.length === 0) return [];
  const any = lexemes.join(' | ');
  const tier = (condition: string) =>
    `select id, tsv from knowledge_entries where ${condition} workspace_id = ? and tsv @@ to_tsquery('english', ?) order by id desc limit ${candidates}`;
  const result = await db.raw(
    `with every_term as materialized (${tier('')}),
          any_term as materialized (${tier('(select count(*) from every_term) < ? and')}),
          ranked as materialized (
            select id, ts_rank_cd(tsv, to_tsquery('english', ?)) as score from every_term
            union
            select id, ts_rank_cd(tsv, to_tsquery('english', ?)) as score from any_term)
     select e.kind, e.title, e.text, e.channel_name, e.posted_at, r.score
       from ranked r join knowledge_entries e on e.id = r.id
      where e.workspace_id = ? and r.score >= coalesce((select score from ranked order by score desc offset ? limit 1), '-Infinity'::real)
      order by r.score desc, e.posted_at desc limit ?`,
    // One term: both tiers are the same query, so the any-term one is never run (its bound 0).
    [workspaceId, lexemes.join(' & '), lexemes.length > 1 ? limit : 0, workspaceId, any, any, any, workspaceId, limit - 1, limit],
  );
  return result.rows as Array<Record<string, unknown>>;
}

/**
 * The knowledge base's search (FTS5 + bm25 on SQLite, tsvector + GIN on Postgres). On SQLite a
 * search that finds nothing in a workspace with no entry at all records it in `knownEmpty`, and
 * the next search there costs no query until a write to it begins. Searches of a workspace not yet
 * known either way wait for the first one's answer instead of each asking (`firstSearches`): after
 * a start or a restore, every resumed stage searches at once, and each of thousands ran its own
 * search and emptiness check on the two reader connections before the first had recorded it.
 */
export function createKnowledgeSearch(db: Db, knownEmpty: KnownEmptyWorkspaces): KnowledgeSearch {
  const postgres = isPostgres(db);
  /** The search in flight of each workspace whose emptiness is not known yet (SQLite). */
  const firstSearches = new Map<string, Promise<unknown>>();

  async function searchAndRecord(workspaceId: string, terms: string[], limit: number): Promise<Array<Record<string, unknown>>> {
    const writesBefore = knownEmpty.epoch();
    const rows = await searchSqlite(db, workspaceId, terms, limit);
    if (rows.length === 0 && !(await db('knowledge_entries').where({ workspace_id: workspaceId }).first('id'))) knownEmpty.record(workspaceId, writesBefore);
    return rows;
  }

  return {
    async search(workspaceId: string, query: string, limit: number): Promise<KnowledgeHit[]> {
      if (!postgres && knownEmpty.has(workspaceId)) return [];
      const terms = queryTerms(query);
      if (terms.length === 0 || limit <= 0) return [];
      if (postgres) return (await searchPostgres(db, workspaceId, terms, limit)).map(hitOf);
      const first = firstSearches.get(workspaceId);
      if (first) {
        await first.catch(() => undefined);
        if (knownEmpty.has(workspaceId)) return [];
        return (await searchSqlite(db, workspaceId, terms, limit)).map(hitOf);
      }
      const searching = searchAndRecord(workspaceId, terms, limit);
      firstSearches.set(workspaceId, searching);
      try {
        return (await searching).map(hitOf);
      } finally {
        firstSearches.delete(workspaceId);
      }
    },
  };
}
