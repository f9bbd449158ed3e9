import type { CapacityQueue } from './capacityQueue.js';

/** One workspace's line as this process knows it: holding a slot (any process), then waiting in order. */
export interface KnownLine {
  running: string[];
  waiting: string[];
}

/**
 * The shared capacity line as this process last read it, per workspace, and the counts answered
 * from it. The database holds the truth (`capacity_line`); this view is replaced by every settle's
 * snapshot and updated at once by this process's own calls, so counts never wait on a query.
 */
export interface CapacityLineView extends Pick<CapacityQueue, 'ahead' | 'aheadCount' | 'running' | 'waitingCount' | 'runningCount'> {
  /** The workspace's line, created empty when unknown; callers update it in place. */
  lineOf(workspaceId: string): KnownLine;
  /** Replaces the workspace's line with a snapshot the database answered. */
  replace(workspaceId: string, line: KnownLine): void;
}

export function createCapacityLineView(): CapacityLineView {
  const lines = new Map<string, KnownLine>();
  return {
    lineOf(workspaceId: string): KnownLine {
      let line = lines.get(workspaceId);
      if (!line) lines.set(workspaceId, (line = { running: [], waiting: [] }));
      return line;
    },
    replace(workspaceId: string, line: KnownLine): void {
      lines.set(workspaceId, line);
    },
    ahead(workspaceId: string, outcomeId: string): string[] {
      const line = lines.get(workspaceId)?.waiting ?? [];
      const index = line.indexOf(outcomeId);
      return index < 0 ? [...line] : line.slice(0, index);
    },
    aheadCount(workspaceId: string, outcomeId: string): number {
      const line = lines.get(workspaceId)?.waiting;
      if (!line) return 0;
      const index = line.indexOf(outcomeId);
      return index < 0 ? line.length : index;
    },
    running: (workspaceId: string): string[] => [...(lines.get(workspaceId)?.running ?? [])],
    waitingCount: (workspaceId: string) => lines.get(workspaceId)?.waiting.length ?? 0,
    runningCount: (workspaceId: string) => lines.get(workspaceId)?.running.length ?? 0,
  };
}
