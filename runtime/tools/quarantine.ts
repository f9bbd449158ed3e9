import type { Quarantine } from './ports.js';

export type { Quarantine };

/**
 * Per-tool timeout tracking: `after` timeouts in a row quarantine that one tool (not its server)
 * for `forMs`; any answer resets the count. Times are epoch ms from the injected clock.
 */
export function createQuarantine(after: number, forMs: number): Quarantine {
  const streaks = new Map<string, number>();
  const until = new Map<string, number>();
  return {
    isQuarantined(tool: string, now: number): boolean {
      const end = until.get(tool);
      if (end === undefined) return false;
      if (now >= end) {
        until.delete(tool);
        streaks.delete(tool);
        return false;
      }
      return true;
    },
    until(tool: string): number | undefined {
      return until.get(tool);
    },
    /** Records one call's fate; returns true when this timeout put the tool in quarantine. */
    record(tool: string, timedOut: boolean, now: number): boolean {
      if (!timedOut) {
        streaks.delete(tool);
        return false;
      }
      const streak = (streaks.get(tool) ?? 0) + 1;
      streaks.set(tool, streak);
      if (streak >= after) {
        until.set(tool, now + forMs);
        return true;
      }
      return false;
    },
  } satisfies Quarantine;
}
