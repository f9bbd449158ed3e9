import type { ExecutionContext } from 'ava';
import type { Db } from '../../storage/db.js';
import { createRepositories } from '../../storage/index.js';
import { migrateLatest } from '../../storage/migrate.js';
import type { RevisionRow } from '../../storage/repositories/revisions.js';
import { onEveryDatabase } from '../helpers/databases.js';

function revision(id: string): RevisionRow {
  return {
    id,
    outcome_id: 'out_a',
    workspace_id: 'ws_1',
    status: 'processing',
    feedback: 'Make it better',
    requirements: {},
    priority: null,
    changes_requested: ['general_feedback'],
    estimated_completion: '2026-01-01T00:01:00.000Z',
    created_at: `2026-01-01T00:00:0${id.at(-1)}.000Z`,
    completed_at: null,
    error: null,
  };
}

/** A completed revision records what its step reported applying and not applying; others record nothing. */
async function exercise(t: ExecutionContext, db: Db) {
  await migrateLatest(db);
  const repos = createRepositories(db);
  for (const id of ['rev_1', 'rev_2', 'rev_3', 'rev_4']) await repos.revisions.insert(revision(id));
  const output = (stepKey: string, data: Record<string, unknown> | null) => ({ outcome_id: 'out_a', step_key: stepKey, attempt: 1, summary: 's', content: 'c', data, created_at: 'T' });
  await repos.stageOutputs.insertMany([
    output('rev_1', { applied: [], not_applied: [{ part: 'general_feedback', reason: 'names no change' }], unchanged: true }),
    output('rev_2', { applied: ['tone_adjustment'], not_applied: [] }),
    // A model that reports nothing about its revision (the openai provider): nothing unapplied it knows of.
    output('rev_3', { rubric: { relevance: 80 } }),
  ]);
  t.is((await repos.revisions.get('rev_1'))!.not_applied, null, 'nothing recorded while it runs');
  await db.transaction(async (trx) => {
    for (const id of ['rev_1', 'rev_2', 'rev_3']) await repos.revisions.finish(id, 'completed', '2026-01-01T00:00:09.000Z', null, trx);
    await repos.revisions.finish('rev_4', 'failed', '2026-01-01T00:00:09.000Z', { code: 'content_generation_failed' }, trx);
  });
  const rows = await repos.revisions.listForOutcome('ws_1', 'out_a');
  t.deepEqual(
    rows.map((row) => ({ id: row.id, applied: row.applied, not_applied: row.not_applied })),
    [
      { id: 'rev_1', applied: [], not_applied: [{ part: 'general_feedback', reason: 'names no change' }] },
      { id: 'rev_2', applied: ['tone_adjustment'], not_applied: [] },
      { id: 'rev_3', applied: null, not_applied: [] },
      { id: 'rev_4', applied: null, not_applied: null },
    ],
  );
}

onEveryDatabase('a completed revision records the parts of its feedback applied and not applied', exercise);
