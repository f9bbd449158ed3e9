import type { WorkflowInput } from '../../machines/workflow.js';
import type { WorkflowEntry } from '../../storage/repositories/workflows.js';
import { errors } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import { checkBrief } from './checkBrief.js';
import { findCycle } from './findCycle.js';
import type { BatchRequest } from '../../schemas/outcomes.js';

export type BatchEntry = BatchRequest['crews'][number];

/** A batch, checked and numbered: outcome ids drawn first, so dependencies can name them. */
export interface BatchPlan {
  /** Entries in request order with their outcome ids. */
  order: Array<{ entry: BatchEntry; index: number; id: string }>;
  /** The same entries in start order (priority, then request order). */
  sorted: Array<{ entry: BatchEntry; index: number; id: string }>;
  /** Outcome ids an entry waits for. */
  dependsOn(entry: BatchEntry): string[];
  /** Distinct crew ids of the batch. */
  crewIds: Set<string>;
  /** Entries without dependencies: they would start now. */
  startingNow: number;
}

/** Checks a batch (known crews, briefs, dependencies inside the batch, no cycle) and numbers it. */
export function planBatch(request: BatchRequest, knownCrews: readonly string[], ids: IdGenerator): BatchPlan {
  request.crews.forEach((entry, i) => {
    if (!knownCrews.includes(entry.crew_id)) {
      throw errors.invalidRequest(`Unknown crew '${entry.crew_id}' in crews[${i}].`, { field: `crews[${i}].crew_id`, reason: 'unknown_crew', allowed: knownCrews });
    }
    checkBrief(entry.brief, `crews[${i}].brief`);
  });
  const crewIds = new Set(request.crews.map((entry) => entry.crew_id));
  const graph = new Map<string, string[]>();
  request.crews.forEach((entry, i) => {
    for (const dependency of entry.depends_on ?? []) {
      if (!crewIds.has(dependency)) {
        throw errors.invalidRequest(`crews[${i}] depends on '${dependency}', which is not in this batch.`, { field: `crews[${i}].depends_on`, reason: 'unknown_dependency', dependency });
      }
    }
    graph.set(entry.crew_id, [...(graph.get(entry.crew_id) ?? []), ...(entry.depends_on ?? [])]);
  });
  const cycle = findCycle(graph);
  if (cycle) throw errors.invalidRequest(`The batch's dependencies form a cycle: ${cycle.join(' -> ')}.`, { field: 'crews', reason: 'dependency_cycle', cycle });

  const order = request.crews.map((entry, index) => ({ entry, index, id: ids.id('out') }));
  const byCrew = new Map<string, string[]>();
  for (const item of order) byCrew.set(item.entry.crew_id, [...(byCrew.get(item.entry.crew_id) ?? []), item.id]);
  const sorted = [...order].sort((a, b) => (a.entry.priority ?? Number.MAX_SAFE_INTEGER) - (b.entry.priority ?? Number.MAX_SAFE_INTEGER) || a.index - b.index);
  return {
    order,
    sorted,
    dependsOn: (entry) => (entry.depends_on ?? []).flatMap((crewId) => byCrew.get(crewId) ?? []),
    crewIds,
    startingNow: request.crews.filter((entry) => (entry.depends_on ?? []).length === 0).length,
  };
}

/** The workflow's stored entries and its machine's input. */
export function workflowOf(plan: BatchPlan, workflowId: string, workspaceId: string, name: string, createdAt: string): { entries: WorkflowEntry[]; input: WorkflowInput } {
  return {
    entries: plan.order.map((item) => ({ crew_id: item.entry.crew_id, outcome_id: item.id, priority: item.entry.priority ?? 0, depends_on: item.entry.depends_on ?? [] })),
    input: { workflowId, workspaceId, name, createdAt, entries: plan.order.map((item) => ({ outcomeId: item.id, crewId: item.entry.crew_id, dependsOn: plan.dependsOn(item.entry) })) },
  };
}
