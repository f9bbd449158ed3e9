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
 * The stages' model provider (timed into `metrics`) and the result's measurements. With a spare
 * core, the measurements run on worker threads whatever the provider (a document's metrics are CPU
 * work that then runs beside the actors and the database, not between them), and so do the local
 * model's steps; any other provider is called in process. `override` (tests, benchmarks) replaces
 * the configured provider; its results are measured in process unless `measureOnWorkers` says
 * otherwise (a test runtime then boots no thread; a benchmark standing in for a remote model
 * measures where such a model's results are measured). `close` stops the workers, if any.
 */
export function buildModel(config: Config, override: ModelProvider | undefined, metrics: Metrics, logger: Logger, measureOnWorkers = override === undefined) {
  const workerModel =
    measureOnWorkers && os.availableParallelism() > 1
      ? createWorkerModel({ workers: Math.min(4, os.availableParallelism() - 1), delayMs: config.localModelDelayMs, onError: (error, message) => logger.error({ err: error }, message) })
      : undefined;
  const provider = instrumentProvider(
    override ??
    (workerModel && config.model === 'local'
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
    /** Where the results are measured: on worker threads, or on the actors' thread. */
    measuredOn: workerModel ? ('workers' as const) : ('process' as const),
    async close(): Promise<void> {
      await workerModel?.close();
    },
  };
}
