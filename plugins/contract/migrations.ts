import type { Knex } from 'knex';

/**
 * One schema step of a plugin's own tables. Storage runs the plugins' migrations with its own, in
 * one list ordered by name, on SQLite and Postgres alike, and records each name once applied: a
 * name, once shipped, never changes (a renamed step would run again on every existing database).
 * Name a step after the core migration it follows (`007_chat_integrations` runs after
 * `007_chat`), make `up` safe on a database where an earlier version already made the table, and
 * touch only the plugin's own tables.
 */
export interface PluginMigration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}
