import type { Knex } from 'knex';

/**
 * SQLite full-text search partitioned by workspace, so a search reads only its own workspace's
 * part of the index and never another's.
 *
 * - `knowledge_scopes` numbers each workspace of the knowledge base once (`scope`, never reused,
 *   never renumbered).
 * - `knowledge_fts` is a contentless FTS5 table with one column, `body` (= title, a space, text:
 *   bm25 with equal column weights scores two columns exactly like their concatenation). Its rowid
 *   is `scope * 2^40 + knowledge_entries.id`, so each workspace owns one rowid range and a search
 *   names that range (`rowid between ...`) inside the full-text query itself: FTS5 seeks straight
 *   to it and reads nothing of other workspaces, at no cost per row (a workspace token column
 *   would add a phrase that bm25 scans in full on every query). Entry ids must stay below 2^40.
 * - Triggers keep it in step: a row's first insert numbers its workspace; an update re-indexes
 *   only when the title or text really changed (a re-synced, unchanged message costs nothing).
 *
 * The old index (external content over `knowledge_entries`, two columns) is dropped and the new
 * one built from `knowledge_entries`, so an existing database upgrades in place. Postgres keeps
 * its generated tsvector column and GIN index unchanged.
 *
 * On both databases two indexes of `knowledge_entries` go: (workspace, kind, ts) and (workspace,
 * team, posted_at). Every stored message paid for them, while their only readers run once per sync
 * (the workspace cap and retention, now a scan of the workspace's rows through the unique and the
 * channel index); measured, storing 50,000 messages took ~16% less database CPU without them.
 */
export const scopeFactor = 1_099_511_627_776; // 2^40

const ftsRowid = (row: 'new' | 'old') => `(select scope from knowledge_scopes where workspace_id = ${row}.workspace_id) * ${scopeFactor} + ${row}.id`;
const ftsBody = (row: 'new' | 'old') => `${row}.title || ' ' || ${row}.text`;

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('knowledge_entries', (t) => {
    t.dropIndex(['workspace_id', 'kind', 'ts']);
    t.dropIndex(['workspace_id', 'team_id', 'posted_at']);
  });
  if (db.client.config.client === 'pg') return;
  await db.raw('drop trigger if exists knowledge_entries_ai');
  await db.raw('drop trigger if exists knowledge_entries_ad');
  await db.raw('drop trigger if exists knowledge_entries_au');
  await db.raw('drop table if exists knowledge_fts');
  await db.raw('create table knowledge_scopes (scope integer primary key autoincrement, workspace_id varchar(64) not null unique)');
  await db.raw('insert into knowledge_scopes (workspace_id) select distinct workspace_id from knowledge_entries order by workspace_id');
  await db.raw(`create virtual table knowledge_fts using fts5(body, content='', tokenize='porter unicode61')`);
  await db.raw(
    `insert into knowledge_fts (rowid, body)
     select s.scope * ${scopeFactor} + e.id, e.title || ' ' || e.text from knowledge_entries e join knowledge_scopes s on s.workspace_id = e.workspace_id`,
  );
  await db.raw(`insert into knowledge_fts (knowledge_fts) values ('optimize')`);
  await db.raw(`create trigger knowledge_entries_ai after insert on knowledge_entries begin
      insert or ignore into knowledge_scopes (workspace_id) values (new.workspace_id);
      insert into knowledge_fts (rowid, body) values (${ftsRowid('new')}, ${ftsBody('new')}); end`);
  await db.raw(`create trigger knowledge_entries_ad after delete on knowledge_entries begin
      insert into knowledge_fts (knowledge_fts, rowid, body) values ('delete', ${ftsRowid('old')}, ${ftsBody('old')}); end`);
  await db.raw(`create trigger knowledge_entries_au after update of title, text on knowledge_entries
      when old.title is not new.title or old.text is not new.text begin
      insert into knowledge_fts (knowledge_fts, rowid, body) values ('delete', ${ftsRowid('old')}, ${ftsBody('old')});
      insert into knowledge_fts (rowid, body) values (${ftsRowid('new')}, ${ftsBody('new')}); end`);
}

/** Back to 007's index: external content over `knowledge_entries`, rebuilt from it. */
export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('knowledge_entries', (t) => {
    t.index(['workspace_id', 'kind', 'ts']);
    t.index(['workspace_id', 'team_id', 'posted_at']);
  });
  if (db.client.config.client === 'pg') return;
  await db.raw('drop trigger if exists knowledge_entries_ai');
  await db.raw('drop trigger if exists knowledge_entries_ad');
  await db.raw('drop trigger if exists knowledge_entries_au');
  await db.raw('drop table if exists knowledge_fts');
  await db.raw('drop table if exists knowledge_scopes');
  await db.raw(`create virtual table knowledge_fts using fts5(title, text, content='knowledge_entries', content_rowid='id', tokenize='porter unicode61')`);
  await db.raw(`insert into knowledge_fts (knowledge_fts) values ('rebuild')`);
  await db.raw(`create trigger knowledge_entries_ai after insert on knowledge_entries begin
      insert into knowledge_fts(rowid, title, text) values (new.id, new.title, new.text); end`);
  await db.raw(`create trigger knowledge_entries_ad after delete on knowledge_entries begin
      insert into knowledge_fts(knowledge_fts, rowid, title, text) values ('delete', old.id, old.title, old.text); end`);
  await db.raw(`create trigger knowledge_entries_au after update on knowledge_entries begin
      insert into knowledge_fts(knowledge_fts, rowid, title, text) values ('delete', old.id, old.title, old.text);
      insert into knowledge_fts(rowid, title, text) values (new.id, new.title, new.text); end`);
}
