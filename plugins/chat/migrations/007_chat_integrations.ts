import type { Knex } from 'knex';
import type { PluginMigration } from '../../contract.js';

const table = 'chat_integrations';

/**
 * The chat plugin's table, `chat_integrations`: one row per (workspace, chat team) with the
 * encrypted bot token, the configuration, the slot of the last scheduled sync, and (read only, for
 * teams not synced since syncs became plugin runs) the state an earlier version kept: the chatSync
 * chart's persisted snapshot and the last run's outcome. Core migration `007_chat` made this table
 * before the plugin declared its own migrations, so on such a database the table is already there
 * and this step only records itself.
 */
export const chatIntegrationsMigration: PluginMigration = {
  name: '007_chat_integrations',
  async up(db: Knex) {
    if (await db.schema.hasTable(table)) return;
    await db.schema.createTable(table, (t) => {
      t.string('workspace_id', 64).notNullable();
      t.string('team_id', 64).notNullable();
      t.string('team_name', 255).notNullable();
      t.text('token').notNullable(); // encrypted (PluginHost.secretBox)
      t.string('bot_user_id', 64).notNullable();
      t.text('configuration').notNullable(); // JSON
      t.string('sync_state', 16).notNullable(); // idle | syncing | error (the chatSync actor's state)
      t.text('sync_snapshot').nullable(); // chatSync actor, getPersistedSnapshot() as JSON
      t.string('last_sync_started_at', 32).nullable();
      t.string('last_sync_at', 32).nullable(); // end of the last finished run
      t.text('last_error').nullable(); // JSON {code, message, at}
      t.string('last_scheduled_slot', 32).nullable(); // the 02:00 UTC slot whose scheduled run was claimed
      t.string('created_at', 32).notNullable();
      t.string('updated_at', 32).notNullable();
      t.primary(['workspace_id', 'team_id']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTableIfExists(table);
  },
};
