import type { Knex } from 'knex';

/**
 * The knowledge base and the read checkpoints of its conversation sources. The name stays
 * `007_chat`: existing databases recorded it as applied.
 * - `knowledge_entries`: one row per synced chat message (kind `message`, source_key
 *   `<team>:<channel>:<ts>`, so a message is stored once per workspace however often it is fetched)
 *   or per named context document (kind `document`, source_key = its name).
 *   Full-text search: an external-content FTS5 table kept in step by triggers on SQLite (bm25
 *   ranking), a generated tsvector column with a GIN index on Postgres.
 * - `chat_integrations` was made here until the chat plugin declared its own migrations: it is now
 *   the plugin's (plugins/chat/migrations/007_chat_integrations.ts, run right after this one).
 * - `chat_channel_checkpoints`: per channel, `synced_ts` (newest message of the last finished
 *   pass) and the pass in flight (`run_id`, `run_newest_ts`, `run_low_ts`: newest seen and the
 *   oldest stored so far), so a run cut off by a crash resumes below `run_low_ts`.
 */
export async function up(db: Knex): Promise<void> {
  const postgres = db.client.config.client === 'pg';
  await db.schema.createTable('knowledge_entries', (t) => {
    t.increments('id').primary();
    t.string('workspace_id', 64).notNullable();
    t.string('kind', 16).notNullable(); // message | document
    t.string('source_key', 255).notNullable();
    t.string('team_id', 64).nullable();
    t.string('channel_id', 64).nullable();
    t.string('channel_name', 255).nullable();
    t.string('ts', 32).nullable(); // chat message ts, e.g. 1700000000.000100
    t.string('thread_ts', 32).nullable();
    t.string('author', 255).nullable();
    t.text('title').notNullable(); // document name; '' for messages
    t.text('text').notNullable();
    t.string('posted_at', 32).notNullable();
    t.string('created_at', 32).notNullable();
    t.unique(['workspace_id', 'kind', 'source_key']);
    t.index(['workspace_id', 'team_id', 'channel_id', 'ts']);
    t.index(['workspace_id', 'kind', 'ts']);
    t.index(['workspace_id', 'team_id', 'posted_at']);
  });
  if (postgres) {
    await db.raw(
      `alter table knowledge_entries add column tsv tsvector generated always as (to_tsvector('english', title || ' ' || text)) stored`,
    );
    await db.raw('create index knowledge_entries_tsv on knowledge_entries using gin (tsv)');
  } else {
    await db.raw(`create virtual table knowledge_fts using fts5(title, text, content='knowledge_entries', content_rowid='id', tokenize='porter unicode61')`);
    await db.raw(`create trigger knowledge_entries_ai after insert on knowledge_entries begin
      insert into knowledge_fts(rowid, title, text) values (new.id, new.title, new.text); end`);
    await db.raw(`create trigger knowledge_entries_ad after delete on knowledge_entries begin
      insert into knowledge_fts(knowledge_fts, rowid, title, text) values ('delete', old.id, old.title, old.text); end`);
    await db.raw(`create trigger knowledge_entries_au after update on knowledge_entries begin
      insert into knowledge_fts(knowledge_fts, rowid, title, text) values ('delete', old.id, old.title, old.text);
      insert into knowledge_fts(rowid, title, text) values (new.id, new.title, new.text); end`);
  }
  await db.schema.createTable('chat_channel_checkpoints', (t) => {
    t.string('workspace_id', 64).notNullable();
    t.string('team_id', 64).notNullable();
    t.string('channel_id', 64).notNullable();
    t.string('channel_name', 255).notNullable();
    t.string('synced_ts', 32).nullable();
    t.string('run_id', 64).nullable();
    t.string('run_newest_ts', 32).nullable();
    t.string('run_low_ts', 32).nullable();
    t.boolean('run_done').notNullable().defaultTo(false);
    t.string('last_synced_at', 32).nullable();
    t.string('updated_at', 32).notNullable();
    t.primary(['workspace_id', 'team_id', 'channel_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('chat_channel_checkpoints');
  if (db.client.config.client !== 'pg') {
    await db.raw('drop trigger if exists knowledge_entries_ai');
    await db.raw('drop trigger if exists knowledge_entries_ad');
    await db.raw('drop trigger if exists knowledge_entries_au');
    await db.raw('drop table if exists knowledge_fts');
  }
  await db.schema.dropTableIfExists('knowledge_entries');
}
