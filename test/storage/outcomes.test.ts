import type { ExecutionContext } from 'ava';
import type { Db } from '../../storage/db.js';
import { createRepositories } from '../../storage/index.js';
import { migrateDownAll, migrateLatest } from '../../storage/migrate.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import { onEveryDatabase } from '../helpers/databases.js';

const engineTables = ['outcomes', 'outcome_inputs', 'stage_outputs', 'revisions', 'workflows', 'actors', 'timers'];

function outcome(id: string, createdAt: string, status = 'processing'): OutcomeRow {
  return {
    id,
    workspace_id: 'ws_1',
    crew: 'writer',
    status,
    created_at: createdAt,
    updated_at: createdAt,
    completed_at: null,
    revised_at: null,
    revision_id: null,
    failed_at: null,
    estimated_completion: null,
    progress: { current_stage: 'queued', completion_percentage: 0 },
    agents: {},
    result: null,
    quality_metrics: null,
    integrations_executed: null,
    error: null,
    retry_available: null,
    estimated_retry_time: null,
    revisions_available: 3,
    attempt: 1,
    workflow_id: null,
  };
}

/** Migrations up and down, then the engine's repositories: upserts, keyset pages, credits, timer claims. */
async function exercise(t: ExecutionContext, db: Db) {
  await migrateLatest(db);
  for (const table of engineTables) t.true(await db.schema.hasTable(table), table);
  await migrateDownAll(db);
  for (const table of engineTables) t.false(await db.schema.hasTable(table), `${table} dropped`);
  await migrateLatest(db);

  const repos = createRepositories(db);
  await repos.workspaces.insert({ id: 'ws_1', name: 'one', plan: 'starter', credits_remaining: 2, requests_per_minute: 60, concurrent_outcomes: 3, created_at: '2026-01-01T00:00:00.000Z' });
  const rows = Array.from({ length: 7 }, (_, i) => outcome(`out_${String.fromCharCode(97 + i)}`, `2026-01-01T00:00:0${i % 3}.000Z`));
  await repos.outcomes.insert(rows, rows.map((row) => ({ outcome_id: row.id, brief: 'a brief', context: null, requirements: {}, integrations: {}, template_id: null, context_documents: [], depends_on: [], priority: null })));
  await repos.outcomes.upsertState([{ ...rows[0]!, status: 'completed', result: { content: 'done' } }, { ...rows[1]!, status: 'failed' }]);
  t.is((await repos.outcomes.get('ws_1', 'out_a'))!.status, 'completed');
  t.deepEqual((await repos.outcomes.get('ws_1', 'out_a'))!.result, { content: 'done' });
  t.is(await repos.outcomes.get('ws_2', 'out_a'), undefined);

  const seen: string[] = [];
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const page = await repos.outcomes.list('ws_1', { limit: 3, ...(after ? { after } : {}) });
    if (page.length === 0) break;
    seen.push(...page.map((row) => row.id));
    after = { createdAt: page.at(-1)!.created_at, id: page.at(-1)!.id };
  }
  t.deepEqual([...seen].sort(), rows.map((row) => row.id).sort());
  t.is(new Set(seen).size, seen.length);

  t.true(await db.transaction((trx) => repos.credits.take('ws_1', 2, trx)));
  t.false(await db.transaction((trx) => repos.credits.take('ws_1', 1, trx)));
  await repos.credits.give('ws_1', 1);
  t.is(await repos.credits.remaining('ws_1'), 1);

  await repos.actors.upsertMany([{ id: 'out_a', machine: 'outcome', version: 1, workspace_id: 'ws_1', status: 'active', state_value: 'queued', snapshot: null, input: '{"x":1}', created_at: 'T', updated_at: 'T' }]);
  await repos.actors.upsertMany([{ id: 'out_a', machine: 'outcome', version: 1, workspace_id: 'ws_1', status: 'idle', state_value: 'completed', snapshot: '{"s":1}', input: null, created_at: 'T', updated_at: 'T2' }]);
  const actor = (await repos.actors.get('out_a'))!;
  t.is(actor.status, 'idle');
  t.deepEqual(actor.snapshot, { s: 1 });
  t.deepEqual(actor.input, { x: 1 }, 'the first input is kept');
  t.deepEqual(await repos.actors.listActive(), []);

  await repos.stageOutputs.insertMany([{ outcome_id: 'out_a', step_key: '0', attempt: 1, summary: 's', content: 'c', data: { k: 1 }, created_at: 'T' }]);
  await repos.stageOutputs.insertMany([{ outcome_id: 'out_a', step_key: '0', attempt: 1, summary: 'again', content: 'c2', data: null, created_at: 'T' }]);
  const outputs = await repos.stageOutputs.listForOutcome('out_a');
  t.is(outputs.length, 1);
  t.is(outputs[0]!.summary, 's', 'a re-run step keeps the first stored output');

  await repos.timers.upsert({ kind: 'k', key: 'one', due_at: '2026-01-01T00:00:00.000Z', payload: { a: 1 }, created_at: 'T' });
  const due = await repos.timers.listDue('2026-01-01T00:00:01.000Z', 10);
  t.is(due.length, 1);
  t.true(await repos.timers.claim('k', 'one', due[0]!.due_at, 'node-a', '2026-01-01T00:00:01.000Z', '2026-01-01T00:01:00.000Z'));
  t.false(await repos.timers.claim('k', 'one', due[0]!.due_at, 'node-b', '2026-01-01T00:00:01.000Z', '2026-01-01T00:01:00.000Z'), 'a second node cannot claim it');
  await migrateDownAll(db);
}

onEveryDatabase('the engine tables migrate up and down and their repositories work', exercise);
