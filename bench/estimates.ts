import { performance } from 'node:perf_hooks';
import { crews } from '../crews/index.js';
import { createCompletionEstimator, type QueueView } from '../runtime/outcomes/completionEstimator.js';

/**
 * What a deploy's `estimated_completion` costs when its workspace's line is full: the workspace
 * runs `limit` outcomes and 4 x `limit` wait (the line's cap), and each new deploy is estimated
 * behind all of them (list scheduling over the slots). Every deploy and every projection of a
 * queued outcome pays this; a large custom plan (limit 1,000) pays it most.
 *   npm run bench -- estimates
 */
function estimateCost(limit: number): number {
  const waiting = Array.from({ length: 4 * limit }, (_, i) => `out_w${i}`);
  const running = Array.from({ length: limit }, (_, i) => `out_r${i}`);
  const queue: QueueView = {
    ahead: () => [...waiting],
    running: () => [...running],
    runningCount: () => running.length,
    aheadCount: () => waiting.length,
    limit: () => limit,
  };
  let now = Date.parse('2026-03-01T12:00:00.000Z');
  const estimator = createCompletionEstimator({ now: () => now, queue });
  const crew = crews.writer;
  for (const [index, id] of running.entries()) estimator.estimate({ id, workspaceId: 'ws', crew, stageIndex: index % crew.stages.length, phase: 'processing', stageStartedAt: new Date(now).toISOString() });
  for (const id of waiting) estimator.estimate({ id, workspaceId: 'ws', crew, stageIndex: 0, phase: 'queued' });
  const rounds = Math.max(20, Math.round(20_000 / limit));
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) {
    now += 1;
    estimator.estimate({ id: `out_new${i}`, workspaceId: 'ws', crew, stageIndex: 0, phase: 'queued' });
  }
  return ((performance.now() - started) * 1000) / rounds;
}

export async function benchEstimates(): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = {};
  for (const limit of [10, 100, 1_000]) figures[`estimate behind a full line, limit ${limit} (µs)`] = estimateCost(limit).toFixed(1);
  return figures;
}
