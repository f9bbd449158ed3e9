import TinyQueue from 'tinyqueue';
import type { CrewDefinition } from '../../crews/index.js';
import { stageDurations } from './stageDurations.js';

/** What the estimator needs to know of the workspace's FIFO concurrency queue. */
export interface QueueView {
  /** Outcomes waiting ahead of `outcomeId` (all waiting ones when it is not in line yet). */
  ahead(workspaceId: string, outcomeId: string): string[];
  /** Outcomes holding a slot now. */
  running(workspaceId: string): string[];
  /** How many hold a slot and how many wait ahead: the common case (a slot is free) needs only these. */
  runningCount(workspaceId: string): number;
  aheadCount(workspaceId: string, outcomeId: string): number;
  limit(workspaceId: string): number;
}

/** Where an outcome stands, for its estimate. */
export interface EstimateRequest {
  id: string;
  workspaceId: string;
  crew: CrewDefinition;
  /** The next stage to run (or running). */
  stageIndex: number;
  phase: 'held' | 'queued' | 'processing';
  /** When the running stage started (processing only). */
  stageStartedAt?: string;
  /** Outcomes it waits for (held); remembered across calls when given once. */
  dependsOn?: string[];
  /** Outcomes committed in the same command, not in line yet but ahead of this one. */
  alsoAhead?: string[];
  /** The time to estimate from (a tick's time); the clock's now when absent. */
  at?: string;
}

/**
 * `estimated_completion` from what crews are measured to take (DESIGN section 5): an in-memory
 * running average per crew and stage (seeded from stored stage outputs at start), the outcomes
 * waiting ahead in the workspace's FIFO queue, and the dependencies of a batch entry. Every
 * estimate is remembered as the outcome's expected finish, so one waiting behind it, or depending
 * on it, starts after it. Nothing is stored: estimates are hints, recomputed at each transition.
 *
 * Invariants: a dependent's estimate is never before the estimates of what it waits for; a
 * queued outcome's estimate grows with its queue position; without measurements a stage counts
 * the crew's measured average stage, else the model's prior (`unmeasuredStageMs`), else the crew's
 * configured `secondsPerStage`.
 */
export function createCompletionEstimator(deps: { now(): number; queue: QueueView; unmeasuredStageMs?: number }): CompletionEstimator {
  const durations = stageDurations(deps.unmeasuredStageMs !== undefined ? { unmeasuredStageMs: deps.unmeasuredStageMs } : {});
  /** Expected finish (ms) and own remaining work (ms) of outcomes estimated so far. */
  const finishes = new Map<string, number>();
  const remaining = new Map<string, number>();
  const waitsFor = new Map<string, string[]>();

  function workMs(crew: CrewDefinition, fromStage: number): number {
    let total = 0;
    for (let i = fromStage; i < crew.stages.length; i += 1) total += durations.stageMs(crew, crew.stages[i]!.name);
    return total;
  }

  /**
   * When a queued outcome gets a slot: list scheduling over the running and waiting ones. The
   * slots' free times are a min-heap, so an estimate behind n waiting outcomes costs n log(limit),
   * not n sorts: a burst of n deploys estimates in n^2 log(limit) / 2 steps at most.
   */
  function queuedStart(request: EstimateRequest, now: number, ownMs: number): number {
    const limit = Math.max(1, deps.queue.limit(request.workspaceId));
    // A slot is free for it right away: no scheduling to do, and no list copied (the counts may
    // include the outcome itself, which only sends a borderline case down the exact path).
    const upperBound = deps.queue.runningCount(request.workspaceId) + deps.queue.aheadCount(request.workspaceId, request.id) + (request.alsoAhead?.length ?? 0);
    if (upperBound < limit) return now;
    const running = deps.queue.running(request.workspaceId).filter((id) => id !== request.id);
    const ahead = [...deps.queue.ahead(request.workspaceId, request.id), ...(request.alsoAhead ?? [])].filter((id) => id !== request.id);
    if (running.length + ahead.length < limit) return now;
    const busy = running
      .map((id) => Math.max(now, finishes.get(id) ?? now))
      .sort((a, b) => a - b)
      .slice(0, limit);
    // Here limit <= running + ahead, so this pads with at most `ahead.length` free slots.
    const slots = new TinyQueue<number>([...new Array<number>(limit - busy.length).fill(now), ...busy], (a, b) => a - b);
    // The earliest free slot takes the next one in line.
    for (const id of ahead) slots.push(slots.pop()! + (remaining.get(id) ?? ownMs));
    return slots.peek()!;
  }

  function estimateMs(request: EstimateRequest): number {
    const now = request.at ? Date.parse(request.at) : deps.now();
    if (request.dependsOn) waitsFor.set(request.id, request.dependsOn);
    let own = workMs(request.crew, request.stageIndex);
    let start = now;
    if (request.phase === 'processing') {
      const stage = request.crew.stages[request.stageIndex];
      if (stage && request.stageStartedAt) own -= Math.min(Math.max(0, now - Date.parse(request.stageStartedAt)), durations.stageMs(request.crew, stage.name));
    } else if (request.phase === 'queued') {
      start = queuedStart(request, now, own);
    } else {
      for (const dependency of waitsFor.get(request.id) ?? []) start = Math.max(start, finishes.get(dependency) ?? now);
    }
    const finish = start + Math.max(0, own);
    finishes.set(request.id, finish);
    remaining.set(request.id, Math.max(0, own));
    return finish;
  }

  return {
    /** The outcome's estimated completion (ISO); remembered for those behind or after it. */
    estimate(request: EstimateRequest): string {
      return new Date(estimateMs(request)).toISOString();
    },
    /** A revision's estimated completion: the measured revision step of the crew, else its revision stage. */
    revision(crew: CrewDefinition, at: string): string {
      return new Date(Date.parse(at) + durations.revisionMs(crew)).toISOString();
    },
    /** A stage (or `revision`) of `crew` took `ms`. */
    observe: durations.observe,
    /** Measured averages, for tests and operators. */
    measured: durations.measured,
    /** An outcome at rest: nothing waits on its estimate any more. */
    forget(id: string): void {
      finishes.delete(id);
      remaining.delete(id);
      waitsFor.delete(id);
    },
  };
}

export interface CompletionEstimator {
  /** The outcome's estimated completion (ISO); remembered for those behind or after it. */
  estimate(request: EstimateRequest): string;
  /** A revision's estimated completion: the measured revision step of the crew, else its revision stage. */
  revision(crew: CrewDefinition, at: string): string;
  /** A stage (or `revision`) of `crew` took `ms`. */
  observe: (crewId: string, stage: string, ms: number) => void;
  /** Measured averages, for tests and operators. */
  measured: (crewId: string) => Record<string, number>;
  /** An outcome at rest: nothing waits on its estimate any more. */
  forget(id: string): void;
}
