import { parentPort } from 'node:worker_threads';
import { createLocalProvider } from '../models/local/index.js';
import type { StageInput } from '../models/types.js';
import { computeMetadata, computeQualityMetrics } from '../quality/index.js';

/**
 * The CPU side of the local model in a worker thread: stage steps and result measurements.
 * Messages are `{id, op, ...}`; answers `{id, ok, value}` or `{id, ok: false, error}`.
 */
const provider = createLocalProvider({ delayMs: 0 });
const never = new AbortController().signal;

type Request =
  | { id: number; op: 'step'; input: StageInput }
  | { id: number; op: 'measure'; content: string; brief: string; requirements: Record<string, unknown> };

parentPort!.on('message', async (request: Request) => {
  try {
    const value =
      request.op === 'step'
        ? await provider.step(request.input, [], [], never)
        : { metadata: computeMetadata(request.content, request.requirements), quality: computeQualityMetrics(request.content, { brief: request.brief, requirements: request.requirements }) };
    parentPort!.postMessage({ id: request.id, ok: true, value });
  } catch (error) {
    const e = error as { message?: string; name?: string; retryable?: boolean };
    parentPort!.postMessage({ id: request.id, ok: false, error: { message: e?.message ?? String(error), name: e?.name ?? 'Error', retryable: e?.retryable ?? false } });
  }
});
