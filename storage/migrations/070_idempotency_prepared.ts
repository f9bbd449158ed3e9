import type { Knex } from 'knex';

/**
 * An idempotency record may carry its answer before the request's resource is committed:
 * `resource` names what the request creates (`outcome:out_…`, `workflow:wf_…`, `api_key:key_…`,
 * `webhook:wh_…`) and `prepared_status` the status of the answer stored (encrypted) in `response`,
 * while `status` stays NULL. The resource's commit is what makes the answer final: a retry after a
 * crash finds the resource and replays the answer, or finds none and runs the request again.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('idempotency_keys', (t) => {
    t.string('resource', 128).nullable();
    t.integer('prepared_status').nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('idempotency_keys', (t) => {
    t.dropColumn('prepared_status');
    t.dropColumn('resource');
  });
}
