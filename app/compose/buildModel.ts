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
 * The stages' model provider (timed into `metrics`) and the result's measurements: on worker
 * threads for the local model when there is a spare core, otherwise in process. `override`
 * (tests, benchmarks) replaces the configured provider. `close` stops the workers, if any.
 */
export function buildModel(config: Config, override: ModelProvider | undefined, metrics: Metrics, logger: Logger) {
  // The local model runs on worker threads when there is a spare core (its CPU work then runs
  // beside the actors and the database); any other provider is called in process.
  const workerModel =
    !override && config.model === 'local' && os.availableParallelism() > 1
      ? createWorkerModel({ workers: Math.min(4, os.availableParallelism() - 1), delayMs: config.localModelDelayMs, onError: (error, message) => logger.error({ err: error }, message) })
      : undefined;
  const provider = instrumentProvider(
    override ??
    (workerModel
      ? withRetry(workerModel.provider)
      : createModelProvider({
          model: config.model,
          localDelayMs: config.localModelDelayMs,
          openai: { model: config.openai.model, ...(config.openai.baseURL ? { baseURL: config.openai.baseURL } : {}), ...(config.openai.apiKey ? { apiKey: config.openai.apiKey } : {}) },
        })),
    metrics,
  );
  return {
    provider,
    measure: workerModel ? workerModel.measure : createInProcessMeasure(),
    async close(): Promise<void> {
      await workerModel?.close();
    },
  };
}
