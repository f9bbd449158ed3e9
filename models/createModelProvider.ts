import { createLocalProvider } from './local/index.js';
import { createOpenAIProvider } from './openai.js';
import type { ModelProvider } from './types.js';
import { defaultRetryOptions, withRetry, type RetryOptions } from './withRetry.js';

export interface ModelProviderConfig {
  model: 'local' | 'openai';
  /** Think time of the local model per step (CREWD_LOCAL_MODEL_DELAY_MS). */
  localDelayMs?: number;
  /** Used when model is "openai" (OPENAI_BASE_URL, OPENAI_API_KEY, CREWD_MODEL_NAME). */
  openai?: { baseURL?: string; apiKey?: string; model: string };
  /** Retry policy of every step; defaults to 3 retries from 1 s, doubling. */
  retry?: Partial<RetryOptions>;
}

/**
 * The composition root's one call for a model: the configured provider, wrapped so that each
 * step retries and finally fails with a ModelStepError.
 */
export function createModelProvider(config: ModelProviderConfig): ModelProvider {
  const retry = { ...defaultRetryOptions, ...config.retry };
  if (config.model === 'openai') {
    if (!config.openai?.model) throw new Error('The openai model provider needs a model name (CREWD_MODEL_NAME).');
    return withRetry(createOpenAIProvider(config.openai), retry);
  }
  return withRetry(createLocalProvider({ delayMs: config.localDelayMs ?? 0 }), retry);
}
