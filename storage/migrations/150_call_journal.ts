import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * One call journal (issue 28): integration flag runs join agents' tool calls in `tool_calls`,
 * keyed by the one journal key in `call_key`. `kind` tells them apart (`agent` rows are the
 * spec's call log; `integration` rows are kept out of its lists, counts and analytics), and
 * `structured` keeps a call's structured result (an integration's entry fields, `error_code` on a
 * failure). Rows of `integration_runs` move over and the table goes.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('tool_calls', (t) => {
    t.string('kind', 16).notNullable().defaultTo('agent');
    t.text('structured').nullable();
  });
  const runs = (await db('integration_runs').select()) as Array<Record<string, unknown>>;
  const rows = runs.map((run) => {
    const entry = JSON.parse(String(run.entry)) as Record<string, unknown> & { status?: string; error?: { code?: string; message?: string } };
    const integration = String(run.integration_id);
    const failed = run.status !== 'success';
    const { status: _status, error, ...fields } = entry;
    const message = failed ? String(error?.message ?? 'failed') : '';
    return {
      // Stable: running the move twice (or on two databases) gives the same ids.
      id: `tc_${createHash('sha256').update(String(run.idempotency_key)).digest('hex').slice(0, 32)}`,
      kind: 'integration',
      workspace_id: run.workspace_id,
      connection_id: `integration:${integration}`,
      server_type: integration,
      tool_name: integration,
      model_tool_name: integration,
      input: '{}',
      output: message,
      structured: JSON.stringify(failed ? { error_code: error?.code ?? 'integration_error' } : fields),
      execution_time_ms: 0,
      success: !failed,
      agent_name: null,
      outcome_id: run.outcome_id,
      created_at: run.created_at,
      call_key: run.idempotency_key,
      step: null,
      error: failed ? message : null,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await db('tool_calls').insert(rows.slice(i, i + 200)).onConflict('call_key').ignore();
  await db.schema.dropTable('integration_runs');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.createTable('integration_runs', (t) => {
    t.string('idempotency_key', 255).primary();
    t.string('workspace_id', 64).notNullable();
    t.string('outcome_id', 64).notNullable();
    t.string('integration_id', 32).notNullable();
    t.string('status', 16).notNullable();
    t.text('entry').notNullable();
    t.string('created_at', 32).notNullable();
    t.index(['outcome_id']);
  });
  const calls = (await db('tool_calls').where({ kind: 'integration' }).select()) as Array<Record<string, unknown>>;
  const runs = calls.map((call) => {
    const structured = JSON.parse(String(call.structured ?? '{}')) as Record<string, unknown>;
    const success = Boolean(call.success);
    const entry = success ? { status: 'success', ...structured } : { status: 'failed', error: { code: structured.error_code ?? 'integration_error', message: call.output } };
    return { idempotency_key: call.call_key, workspace_id: call.workspace_id, outcome_id: call.outcome_id, integration_id: call.server_type, status: success ? 'success' : 'failed', entry: JSON.stringify(entry), created_at: call.created_at };
  });
  for (let i = 0; i < runs.length; i += 200) await db('integration_runs').insert(runs.slice(i, i + 200));
  await db('tool_calls').where({ kind: 'integration' }).delete();
  await db.schema.alterTable('tool_calls', (t) => {
    t.dropColumn('structured');
    t.dropColumn('kind');
  });
}
