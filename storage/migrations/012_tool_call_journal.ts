import type { Knex } from 'knex';

/**
 * The tool-call log doubles as the journal of agent tool calls (DESIGN section 3): `call_key`
 * names one logical call — (outcome, stage step, attempt, agent turn, call index) — and is unique,
 * so a restored step finds the stored result instead of calling again, and a second write of the
 * same call is refused by the index. Calls made outside an outcome step (the agent loop without a
 * stage runner) keep NULL and are only logged.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('tool_calls', (t) => {
    t.string('call_key', 300).nullable();
    t.unique(['call_key'], { indexName: 'tool_calls_call_key_unique' });
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('tool_calls', (t) => {
    t.dropUnique(['call_key'], 'tool_calls_call_key_unique');
    t.dropColumn('call_key');
  });
}
