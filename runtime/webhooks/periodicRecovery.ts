import type { Logger } from 'pino';
import type { Recovery } from './recovery.js';

export interface PeriodicRecoveryOptions {
  recovery: Pick<Recovery, 'recover'>;
  logger: Logger;
  /** How often a pass runs. */
  everyMs: number;
  /** How old a stranded delivery must be before a pass takes it (outlasts an attempt). */
  graceMs: number;
  /** False while the dispatcher is not running: a tick then does nothing. */
  running(): boolean;
}

/**
 * Runs recovery on an interval while the dispatcher runs, one pass at a time. Call `start` once
 * the dispatcher runs and `stop` when it drains: `stop` resolves after a pass in progress ends.
 */
export function createPeriodicRecovery(options: PeriodicRecoveryOptions) {
  const { recovery, logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let recovering: Promise<unknown> | null = null;

  function tick(): void {
    if (!options.running() || recovering) return;
    recovering = recovery
      .recover(options.graceMs)
      .then((taken) => {
        if (taken.deliveries + taken.timers > 0) logger.warn(taken, 'recovered stranded webhook deliveries');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'webhook recovery failed; trying again later'))
      .finally(() => {
        recovering = null;
      });
  }

  return {
    start(): void {
      timer = setInterval(tick, options.everyMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await recovering;
    },
  };
}
