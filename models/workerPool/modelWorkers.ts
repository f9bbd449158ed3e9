import { Worker } from 'node:worker_threads';
import type { ContentMetadata, QualityMetrics } from '../../quality/index.js';
import { createNlp } from '../../quality/nlp.js';
import { createQualityMeter, type MeasureRequest, type QualityMeter } from '../../quality/qualityMeter.js';
import { referenceOutcomes } from '../local/referenceOutcomes.js';
import { createWorkbench } from '../local/workbench.js';
import { createLocalProvider } from '../local/index.js';
import { abortError, ModelCallError } from '../errors.js';
import { think } from '../local/think.js';
import type { ModelProvider, StageInput, StepResult } from '../types.js';
import { toStageMessage } from './stageMessage.js';
import { createWorkerOutbox } from './workerOutbox.js';

/**
 * The local model on worker threads, so its CPU work (and the result's measurements) runs beside
 * the actors and the database instead of between them. Same provider, same answers: the worker
 * runs `createLocalProvider` itself. Think time (CREWD_LOCAL_MODEL_DELAY_MS) is spent here,
 * abortably, before the step is handed over; an aborted step's late answer is dropped.
 */
export function createWorkerModel(options: { workers: number; delayMs: number; onError(error: unknown, message: string): void }): WorkerModel {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  const pool: Worker[] = [];
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const owner = new Map<number, Worker>();
  // In-process fallbacks, built only if every worker is gone (the parser loads on first use).
  let local: ModelProvider | undefined;
  let meter: QualityMeter | undefined;
  const inProcessMeter = () => {
    const nlp = createNlp();
    local ??= createLocalProvider({ delayMs: 0, nlp });
    return (meter ??= createQualityMeter({ nlp, references: () => referenceOutcomes(createWorkbench(nlp)) }));
  };
  // A request that cannot be cloned to the worker fails alone, to its caller.
  const outbox = createWorkerOutbox<{ id: number } & Record<string, unknown>>(({ id }, error) => {
    const waiter = pending.get(id);
    pending.delete(id);
    waiter?.reject(error);
  });
  let nextId = 1;
  let turn = 0;

  // The workers start on the first model call, not with the runtime: an API-only process, an admin
  // command's runtime or a server that is started and stopped without running an outcome never pays
  // for booting a thread that loads the model (about a CPU-second each). Started once: when every
  // worker is gone later, steps run in process.
  let started = false;
  let closed = false;
  function startPool(): void {
    if (started || closed) return;
    started = true;
    for (let i = 0; i < Math.max(1, options.workers); i += 1) {
      // Under tsx (tests, `npm start`) the worker needs the same loader to read TypeScript.
      const entry = new URL(`./modelWorker.${extension}`, import.meta.url);
      const worker =
        extension === 'ts'
          ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true })
          : new Worker(entry);
      worker.unref();
      // Answers come back in batches too (one message per turn of the worker's loop).
      worker.on('message', (answers: WorkerAnswer[]) => {
        for (const answer of answers) {
          const waiter = pending.get(answer.id);
          if (!waiter) continue;
          pending.delete(answer.id);
          if (answer.ok) waiter.resolve(answer.value);
          else waiter.reject(new ModelCallError(answer.error!.message, answer.error!.retryable));
        }
      });
      worker.on('error', (error) => options.onError(error, 'model worker failed; its steps run in process'));
      worker.on('exit', () => {
        // Whatever it had in hand, or waiting to be posted to it, is answered in process instead.
        const index = pool.indexOf(worker);
        if (index >= 0) pool.splice(index, 1);
        outbox.drop(worker);
        for (const [id, waiter] of pending) {
          if (owner.get(id) === worker) {
            pending.delete(id);
            waiter.reject(new WorkerGone());
          }
        }
      });
      pool.push(worker);
    }
  }

  /** `affinity`: requests with the same value go to the same worker while the pool is unchanged. */
  function call<T>(request: Record<string, unknown>, affinity?: string): Promise<T> | undefined {
    startPool();
    if (pool.length === 0) return undefined;
    const id = nextId++;
    const worker = pool[(affinity === undefined ? turn++ : hash(affinity)) % pool.length]!;
    owner.set(id, worker);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      outbox.post(worker, { id, ...request });
    }).finally(() => owner.delete(id));
  }

  /** Runs on a worker, or in process when none is left. */
  async function run<T>(request: Record<string, unknown>, inProcess: () => Promise<T> | T, affinity?: string): Promise<T> {
    const sent = call<T>(request, affinity);
    if (!sent) return inProcess();
    try {
      return await sent;
    } catch (error) {
      if (error instanceof WorkerGone) return inProcess();
      throw error;
    }
  }

  const provider: ModelProvider = {
    name: 'local',
    async step(input: StageInput, tools, exchanges, signal): Promise<StepResult> {
      await think(options.delayMs, signal);
      // Plain data only crosses the thread boundary. Every stage of one request goes to the same
      // worker, whose memo holds the request's analysis for the later stages (see Memo).
      const result = await run<StepResult>(
        { op: 'step', input: toStageMessage(input), tools, exchanges },
        () => {
          inProcessMeter();
          return local!.step(input, tools, exchanges, signal);
        },
        input.brief,
      );
      if (signal.aborted) throw abortError(signal);
      return result;
    },
  };

  return {
    provider,
    /**
     * Metadata and quality metrics of a result. `request` adds what the result answers beyond the
     * brief: the context, context documents and knowledge texts (relevance counts their salient
     * items) and the reviewing agent's rubric (blended in); without it, the brief alone.
     */
    measure: async (content: string, brief: string, requirements: Record<string, unknown>, request: Omit<MeasureRequest, 'content' | 'brief' | 'requirements'> = {}) => {
      const full: MeasureRequest = { ...request, content, brief, requirements };
      const measured = await run<{ metadata: ContentMetadata; quality: QualityMetrics }>({ op: 'measure', request: full }, () => inProcessMeter().measure(full));
      return { metadata: measured.metadata, quality: measured.quality };
    },
    async close(): Promise<void> {
      closed = true;
      const workers = pool.splice(0);
      outbox.clear();
      for (const waiter of pending.values()) waiter.reject(new Error('the model workers stopped'));
      pending.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

class WorkerGone extends Error {}

/** One answer of a worker (modelWorker.ts), in the batch of its turn. */
export interface WorkerAnswer {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: { message: string; name: string; retryable: boolean };
}

/** A cheap string hash (FNV-1a over UTF-16 code units), non-negative. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export interface WorkerModel {
  provider: ModelProvider;
  /**
   * Metadata and quality metrics of a result. `request` adds what the result answers beyond the
   * brief: the context, context documents and knowledge texts (relevance counts their salient
   * items) and the reviewing agent's rubric (blended in); without it, the brief alone.
   */
  measure: (content: string, brief: string, requirements: Record<string, unknown>, request?: Omit<MeasureRequest, 'content' | 'brief' | 'requirements'>) => Promise<{ metadata: ContentMetadata; quality: QualityMetrics }>;
  close(): Promise<void>;
}
