import type { Logger } from 'pino';

/**
 * Runs writes one after another in the order they were queued; a failed write is logged and
 * does not stop the ones after it. `flushed` resolves once everything queued so far is done.
 */
export function createWriteQueue(logger: Logger) {
  let chain = Promise.resolve();
  return {
    enqueue(write: () => Promise<void>, failureMessage: string): void {
      chain = chain.then(write).catch((error) => logger.error({ err: error }, failureMessage));
    },
    flushed: (): Promise<void> => chain,
  };
}
