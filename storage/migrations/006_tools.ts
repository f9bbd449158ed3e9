import type { Knex } from 'knex';

/**
 * Tool connections (MCP), their catalogs, the tool-call log, integration configurations and the
 * plugins' key-value store (issue 9; DESIGN section 9).
 * - `tool_connections.credentials` is the AES-256-GCM token of a JSON object of header values,
 *   never the plain text. (workspace_id, server_type, server_name) is unique among connections
 *   that are not disconnected (a partial index, valid on SQLite and Postgres), so a disconnected
 *   connection can be made again while its row stays readable.
 * - `tool_catalogs` holds the latest discovered tool list of a connection with a version that
 *   grows on every change; `outcome_tool_catalogs` records which versions an outcome's agents saw.
 * - `tool_calls` is the call log the spec names; `total_tool_calls` and analytics read it.
 * - `integration_runs` records each flag run by its idempotency key
 *   (outcome:stage:attempt:integration), so a crash between the call and its record is answered
 *   from the record or from the plugin's own idempotency, never by a second issue or file.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('tool_connections', (t) => {
    t.string('id', 64).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('server_type', 64).notNullable();
    t.string('server_name', 128).notNullable();
    t.text('params').notNullable(); // JSON, no secrets
    t.text('credentials').nullable(); // encrypted token of a JSON object
    t.string('state', 16).notNullable(); // connecting | active | reconnecting | error | disconnected
    t.text('status_detail').notNullable(); // JSON {state, reason, next_retry_at, last_error}
    t.string('last_connected_at', 32).nullable();
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.index(['workspace_id', 'created_at']);
  });
  await db.raw(
    `create unique index tool_connections_live_name on tool_connections (workspace_id, server_type, server_name) where state <> 'disconnected'`,
  );
  await db.schema.createTable('tool_catalogs', (t) => {
    t.string('connection_id', 64).primary();
    t.string('workspace_id', 64).notNullable();
    t.integer('version').notNullable();
    t.text('tools').notNullable(); // JSON [{name, model_name, description, input_schema}]
    t.integer('ttl_ms').nullable();
    t.string('fetched_at', 32).notNullable();
  });
  await db.schema.createTable('outcome_tool_catalogs', (t) => {
    t.string('outcome_id', 64).notNullable();
    t.string('connection_id', 64).notNullable();
    t.string('workspace_id', 64).notNullable();
    t.integer('version').notNullable();
    t.string('seen_at', 32).notNullable();
    t.primary(['outcome_id', 'connection_id', 'version']);
  });
  await db.schema.createTable('tool_calls', (t) => {
    t.string('id', 64).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('connection_id', 64).notNullable();
    t.string('server_type', 64).notNullable();
    t.string('tool_name', 128).notNullable();
    t.string('model_tool_name', 64).notNullable();
    t.text('input').notNullable();
    t.text('output').notNullable();
    t.integer('execution_time_ms').notNullable();
    t.boolean('success').notNullable();
    t.string('agent_name', 64).nullable();
    t.string('outcome_id', 64).nullable();
    t.string('created_at', 32).notNullable();
    t.index(['workspace_id', 'connection_id']);
    t.index(['workspace_id', 'created_at']);
  });
  await db.schema.createTable('integration_configs', (t) => {
    t.string('workspace_id', 64).notNullable();
    t.string('integration_id', 32).notNullable();
    t.text('settings').notNullable(); // JSON, secrets removed
    t.text('secrets').nullable(); // encrypted token of a JSON object
    t.string('created_at', 32).notNullable();
    t.string('updated_at', 32).notNullable();
    t.primary(['workspace_id', 'integration_id']);
  });
  await db.schema.createTable('plugin_kv', (t) => {
    t.string('workspace_id', 64).notNullable();
    t.string('plugin_id', 32).notNullable();
    t.string('key', 255).notNullable();
    t.text('value').notNullable();
    t.string('updated_at', 32).notNullable();
    t.primary(['workspace_id', 'plugin_id', 'key']);
  });
  await db.schema.createTable('integration_runs', (t) => {
    t.string('idempotency_key', 255).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('outcome_id', 64).notNullable();
    t.string('integration_id', 32).notNullable();
    t.string('status', 16).notNullable(); // success | failed
    t.text('entry').notNullable(); // JSON integrations_executed entry
    t.string('created_at', 32).notNullable();
    t.index(['outcome_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['integration_runs', 'plugin_kv', 'integration_configs', 'tool_calls', 'outcome_tool_catalogs', 'tool_catalogs', 'tool_connections']) {
    await db.schema.dropTableIfExists(table);
  }
}
