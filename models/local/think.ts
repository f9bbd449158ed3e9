import { setTimeout as sleep } from 'node:timers/promises';
import { abortError } from '../errors.js';

/**
 * The local model's think time per step (CREWD_LOCAL_MODEL_DELAY_MS), so demos and crash tests
 * see outcomes mid-flight. Rejects with an AbortError as soon as `signal` aborts.
 */
export async function think(delayMs: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw abortError(signal);
  if (delayMs <= 0) return;
  try {
    await sleep(delayMs, undefined, { signal });
  } catch (error) {
    throw signal.aborted ? abortError(signal) : error;
  }
}
