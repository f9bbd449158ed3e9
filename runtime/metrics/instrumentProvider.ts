import type { ModelProvider } from '../../models/types.js';
import type { Metrics } from './createMetrics.js';

/**
 * The same provider (every other member reached through the prototype), with each step's
 * latency and failures reported; a step aborted by its signal is not counted.
 */
export function instrumentProvider<P extends ModelProvider>(provider: P, metrics: Metrics, now: () => number = () => performance.now()): P {
  const step: ModelProvider['step'] = async (input, tools, exchanges, signal) => {
    const started = now();
    try {
      const result = await provider.step(input, tools, exchanges, signal);
      metrics.modelCall(provider.name, (now() - started) / 1000, true);
      return result;
    } catch (error) {
      if (!signal.aborted) metrics.modelCall(provider.name, (now() - started) / 1000, false);
      throw error;
    }
  };
  return Object.create(provider, { step: { value: step, enumerable: true } }) as P;
}
