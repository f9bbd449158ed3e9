import type { ExecutionContext } from 'ava';
import type { CrewDefinition } from '../../../crews/index.js';
import { createJobLoader } from '../../../runtime/outcomes/jobLoader.js';
import { jobFromRows } from '../../../runtime/outcomes/stageJob.js';
import type { Db } from '../../../storage/db.js';
import { createRepositories, type Repositories } from '../../../storage/index.js';
import { migrateLatest } from '../../../storage/migrate.js';
import type { OutcomeInputRow, OutcomeRow } from '../../../storage/repositories/outcomes.js';
import { onEveryDatabase } from '../../helpers/databases.js';

/**
 * The stage-job batcher (issue 30 item 4): jobs asked for in one turn are read in one batch, more
 * ids than one `whereIn` chunk still come back whole, a missing outcome fails alone, and every job
 * equals the one the single-outcome reads build.
 */
const crews = { definition: (id: string) => ({ id }) as unknown as CrewDefinition };

function outcome(id: string, result: Record<string, unknown> | null = null): OutcomeRow {
  return {
    id, workspace_id: 'ws_1', crew: 'writer', status: 'processing', created_at: 'T', updated_at: 'T', completed_at: null, revised_at: null, revision_id: null,
    failed_at: null, estimated_completion: null, progress: {}, agents: {}, result, quality_metrics: null, integrations_executed: null, error: null,
    retry_available: null, estimated_retry_time: null, revisions_available: 3, attempt: 1, workflow_id: null,
  };
}

function input(id: string, dependsOn: string[] = []): OutcomeInputRow {
  return { outcome_id: id, brief: `brief of ${id}`, context: null, requirements: {}, integrations: {}, template_id: null, context_documents: [], depends_on: dependsOn, priority: null };
}

/** The job as the three single reads and the dependency read build it (the load before batching). */
async function singleLoad(repos: Repositories, id: string) {
  const [row, stored, outputs] = await Promise.all([repos.outcomes.getAny(id), repos.outcomes.getInput(id), repos.stageOutputs.listForOutcome(id)]);
  const dependencies = stored && stored.depends_on.length > 0 ? await repos.outcomes.getMany(stored.depends_on) : [];
  return jobFromRows(crews, id, { outcome: row, input: stored, outputs, dependencies });
}

/** Counts the batch reads, to see how many batches a burst of loads makes. */
function counted(repos: Repositories) {
  const calls = { getMany: 0, getInputs: 0, listForOutcomes: 0 };
  const outcomes = { ...repos.outcomes };
  outcomes.getMany = (ids) => ((calls.getMany += 1), repos.outcomes.getMany(ids));
  outcomes.getInputs = (ids) => ((calls.getInputs += 1), repos.outcomes.getInputs(ids));
  const stageOutputs = { ...repos.stageOutputs };
  stageOutputs.listForOutcomes = (ids) => ((calls.listForOutcomes += 1), repos.stageOutputs.listForOutcomes(ids));
  return { calls, repos: { outcomes, stageOutputs } };
}

async function exercise(t: ExecutionContext, db: Db) {
  await migrateLatest(db);
  const repos = createRepositories(db);
  await repos.workspaces.insert({ id: 'ws_1', name: 'one', plan: 'starter', credits_remaining: null, requests_per_minute: 60, concurrent_outcomes: 3, created_at: 'T' });
  // 1,200 outcomes: more than two chunks of ids. out_1 is done; out_2 depends on it and on one not stored.
  const ids = Array.from({ length: 1200 }, (_, i) => `out_${i}`);
  const rows = ids.map((id) => outcome(id, id === 'out_1' ? { content: 'the first document' } : null));
  rows.push(outcome('out_bare'));
  await repos.outcomes.insert(rows, ids.map((id) => input(id, id === 'out_2' ? ['out_1', 'out_gone'] : [])));
  await repos.stageOutputs.insertMany([
    { outcome_id: 'out_2', step_key: '0', attempt: 1, summary: 's0', content: 'c0', data: { k: 1 }, created_at: '2026-01-01T00:00:01.000Z' },
    { outcome_id: 'out_2', step_key: '1', attempt: 1, summary: 's1', content: 'c1', data: null, created_at: '2026-01-01T00:00:02.000Z' },
    { outcome_id: 'out_1199', step_key: '0', attempt: 2, summary: 'late', content: 'c', data: null, created_at: '2026-01-01T00:00:03.000Z' },
  ]);

  const { calls, repos: batchRepos } = counted(repos);
  const loader = createJobLoader(batchRepos, crews);
  const asked = [...ids, 'out_2', 'out_bare', 'out_missing'];
  const settled = await Promise.allSettled(asked.map((id) => loader.load(id)));
  t.deepEqual(calls, { getMany: 2, getInputs: 1, listForOutcomes: 1 }, 'one batch (and one read of the dependencies)');

  for (const [index, id] of asked.entries()) {
    const result = settled[index]!;
    if (id === 'out_bare' || id === 'out_missing') {
      t.is(result.status, 'rejected', id);
      if (result.status === 'rejected') t.is((result.reason as Error).message, `outcome ${id} has no stored input`);
      continue;
    }
    t.is(result.status, 'fulfilled', id);
  }
  for (const id of ['out_0', 'out_1', 'out_2', 'out_777', 'out_1199']) {
    const result = settled[asked.indexOf(id)]!;
    if (result.status === 'fulfilled') t.deepEqual(result.value, await singleLoad(repos, id), id);
  }
  const second = settled[asked.lastIndexOf('out_2')]!;
  t.true(second.status === 'fulfilled' && second.value.dependencyDocuments.length === 1 && second.value.outputs?.size === 2, 'a repeated id gets the same job');
  await t.throwsAsync(singleLoad(repos, 'out_bare'), { message: 'outcome out_bare has no stored input' });

  // A load in a later turn is a batch of its own.
  t.deepEqual(await loader.load('out_5'), await singleLoad(repos, 'out_5'));
  t.is(calls.getInputs, 2);
}

onEveryDatabase('stage jobs asked for in one turn load in one batch, each as its single load', exercise);
