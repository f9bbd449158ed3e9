import type { Repositories } from '../../storage/index.js';
import type { OutcomeInputRow, OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { StageOutputRow } from '../../storage/repositories/stageOutputs.js';
import type { CrewCatalog } from '../crewCatalog.js';
import { jobFromRows, type Job } from './stageJob.js';
import { createTurnBatch, type BatchWaiter } from '../turnBatch.js';

/**
 * Loads stage jobs in batches: the jobs asked for in one turn of the event loop are read together
 * (a restore starts thousands of actors in one turn, and three queries per outcome were most of
 * its database time). One batch is one read of outcomes, inputs and outputs by id (in chunks, see
 * `readInChunks`) and one of their dependencies; each caller gets its own job or its own error.
 */
export interface JobLoader {
  load(outcomeId: string): Promise<Job>;
}

/** Rows by id, in the order the database returned them. */
const byId = (rows: OutcomeRow[]) => new Map(rows.map((row) => [row.id, row]));


export function createJobLoader(repos: Pick<Repositories, 'outcomes' | 'stageOutputs'>, crews: Pick<CrewCatalog, 'definition'>): JobLoader {
  async function readBatch(batch: Map<string, BatchWaiter<Job>[]>): Promise<void> {
    const ids = [...batch.keys()];
    let outcomes: Map<string, OutcomeRow>;
    let inputs: Map<string, OutcomeInputRow>;
    let outputs: Map<string, StageOutputRow[]>;
    let dependencies: Map<string, OutcomeRow>;
    try {
      let outcomeRows: OutcomeRow[];
      [outcomeRows, inputs, outputs] = await Promise.all([repos.outcomes.getMany(ids), repos.outcomes.getInputs(ids), repos.stageOutputs.listForOutcomes(ids)]);
      outcomes = byId(outcomeRows);
      const dependencyIds = new Set<string>();
      for (const input of inputs.values()) for (const id of input.depends_on) dependencyIds.add(id);
      dependencies = byId(await repos.outcomes.getMany([...dependencyIds]));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      return;
    }
    // Database order of the dependency rows, so a job lists its dependencies as a read of its own would.
    const rank = new Map([...dependencies.keys()].map((id, index) => [id, index]));
    for (const [id, waiters] of batch) {
      const input = inputs.get(id);
      const own = (input?.depends_on ?? []).filter((dependency) => dependencies.has(dependency));
      own.sort((a, b) => rank.get(a)! - rank.get(b)!);
      let job: Job;
      try {
        job = jobFromRows(crews, id, { outcome: outcomes.get(id), input, outputs: outputs.get(id) ?? [], dependencies: own.map((dependency) => dependencies.get(dependency)!) });
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
        continue;
      }
      for (const waiter of waiters) waiter.resolve(job);
    }
  }

  return { load: createTurnBatch(readBatch) };
}
