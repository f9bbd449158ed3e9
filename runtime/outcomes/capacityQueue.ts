/**
 * The per-workspace concurrency limit (DESIGN section 5): at most `limit` outcomes process at
 * once; the rest wait first in, first out. `request` puts an outcome in line, `release` frees its
 * slot, and `pump` starts waiting outcomes while slots are free. `start` returns false for an
 * outcome that no longer wants a slot (cancelled while waiting), which is then skipped.
 */
export function createCapacityQueue(options: { limitOf(workspaceId: string): number; start(outcomeId: string): boolean }): CapacityQueue {
  const waiting = new Map<string, string[]>();
  const running = new Map<string, Set<string>>();
  const pending = new Set<string>();

  function runningOf(workspaceId: string): Set<string> {
    let set = running.get(workspaceId);
    if (!set) running.set(workspaceId, (set = new Set()));
    return set;
  }

  function pump(workspaceId: string): void {
    const line = waiting.get(workspaceId);
    if (!line) return;
    const slots = runningOf(workspaceId);
    const limit = options.limitOf(workspaceId);
    while (line.length > 0 && slots.size < limit) {
      const id = line.shift()!;
      slots.add(id);
      if (!options.start(id)) slots.delete(id);
    }
    if (line.length === 0) waiting.delete(workspaceId);
  }

  function later(workspaceId: string): void {
    if (pending.has(workspaceId)) return;
    pending.add(workspaceId);
    // Never start another actor from inside a transition: wait for the current one to finish.
    queueMicrotask(() => {
      pending.delete(workspaceId);
      pump(workspaceId);
    });
  }

  return {
    request(workspaceId: string, outcomeId: string): void {
      const line = waiting.get(workspaceId) ?? [];
      if (!line.includes(outcomeId)) line.push(outcomeId);
      waiting.set(workspaceId, line);
      later(workspaceId);
    },
    release(workspaceId: string, outcomeId: string): void {
      runningOf(workspaceId).delete(outcomeId);
      const line = waiting.get(workspaceId);
      if (line?.includes(outcomeId)) line.splice(line.indexOf(outcomeId), 1);
      later(workspaceId);
    },
    /** An outcome restored mid-processing already holds a slot. */
    occupy(workspaceId: string, outcomeId: string): void {
      runningOf(workspaceId).add(outcomeId);
    },
    pump,
    /** Outcomes waiting ahead of `outcomeId`: all waiting ones when it is not in line. */
    ahead(workspaceId: string, outcomeId: string): string[] {
      const line = waiting.get(workspaceId) ?? [];
      const index = line.indexOf(outcomeId);
      return index < 0 ? [...line] : line.slice(0, index);
    },
    /** How many wait ahead of `outcomeId`, without copying the line. */
    aheadCount(workspaceId: string, outcomeId: string): number {
      const line = waiting.get(workspaceId);
      if (!line) return 0;
      const index = line.indexOf(outcomeId);
      return index < 0 ? line.length : index;
    },
    running: (workspaceId: string): string[] => [...(running.get(workspaceId) ?? [])],
    waitingCount: (workspaceId: string) => waiting.get(workspaceId)?.length ?? 0,
    runningCount: (workspaceId: string) => running.get(workspaceId)?.size ?? 0,
  };
}

export interface CapacityQueue {
  request(workspaceId: string, outcomeId: string): void;
  release(workspaceId: string, outcomeId: string): void;
  /** An outcome restored mid-processing already holds a slot. */
  occupy(workspaceId: string, outcomeId: string): void;
  pump: (workspaceId: string) => void;
  /** Outcomes waiting ahead of `outcomeId`: all waiting ones when it is not in line. */
  ahead(workspaceId: string, outcomeId: string): string[];
  /** How many wait ahead of `outcomeId`, without copying the line. */
  aheadCount(workspaceId: string, outcomeId: string): number;
  running: (workspaceId: string) => string[];
  waitingCount: (workspaceId: string) => number;
  runningCount: (workspaceId: string) => number;
}
