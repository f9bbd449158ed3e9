import os from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../../runtime/config.js';
import type { Metrics } from '../../runtime/metrics/createMetrics.js';
import { instrumentProvider } from '../../runtime/metrics/instrumentProvider.js';
import { createModelProvider } from '../../models/createModelProvider.js';
import type { ModelProvider } from '../../models/types.js';
import { withRetry } from '../../models/withRetry.js';
import { createInProcessMeasure } from '../../models/workerPool/inProcessMeasure.js';
import { createWorkerModel } from '../../models/workerPool/modelWorkers.js';

/**
 * The stages' model provider (timed into `metrics`) and the result's measurements. Where there is
 * a spare core, the measurements of every provider's results run on worker threads (a long result
 * measured on the main thread would hold up every request and stream for as long), and so do the
 * local model's stages; otherwise both run in process. `override` (tests, benchmarks) replaces the
 * configured provider. `close` stops the workers, if any.
 */
export function buildModel(config: Config, override: ModelProvider | undefined, metrics: Metrics, logger: Logger) {
  // The workers start on their first call: a process that never measures a result never boots one.
  const workers =
    os.availableParallelism() > 1
      ? createWorkerModel({ workers: Math.min(4, os.availableParallelism() - 1), delayMs: config.localModelDelayMs, onError: (error, message) => logger.error({ err: error }, message) })
      : undefined;
  const provider = instrumentProvider(
    override ??
    (workers && config.model === 'local'
      ? withRetry(workers.provider)
      : createModelProvider({
          model: config.model,
          localDelayMs: config.localModelDelayMs,
          openai: { model: config.openai.model, ...(config.openai.baseURL ? { baseURL: config.openai.baseURL } : {}), ...(config.openai.apiKey ? { apiKey: config.openai.apiKey } : {}) },
        })),
    metrics,
  );
  return {
    provider,
    measure: workers ? workers.measure : createInProcessMeasure(),
    async close(): Promise<void> {
      await workers?.close();
    },
  };
}
