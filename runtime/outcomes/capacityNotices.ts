import type { CapacitySnapshot } from '../../storage/repositories/capacityLine.js';
import type { ClusterSignals } from '../events/clusterSignals.js';

/**
 * The cluster topic telling processes that a workspace's line moved; payload `{ w, to, g? }`:
 * the workspace, the processes given slots and, when it fits, the outcomes given slots by process.
 */
export const capacityTopic = 'capacity';

/** Above this the notice names processes only (NOTIFY payloads end at 8000 bytes). */
const maxGrantsChars = 6_000;

/** A capacity notice as received: the workspace, whom it is for (`*`: any worker), the outcomes granted to this process by name. */
export interface CapacityNotice {
  workspaceId: string;
  to: unknown[];
  /** Present only when the notice named this process's grants, each an outcome id. */
  granted?: string[];
}

/**
 * Tells the processes a settle gave slots to, naming the granted outcomes (issue 30) so a process
 * that got slots starts them without reading the line again; a notice too long for NOTIFY names
 * the processes only. An API-only process (`runs` false) also tells every worker that outcomes wait.
 */
export function sendCapacityNotices(signals: Pick<ClusterSignals, 'send'>, workspaceId: string, snapshot: CapacitySnapshot, runs: boolean): void {
  if (snapshot.grantedTo.length > 0) {
    const named = JSON.stringify(snapshot.grants).length <= maxGrantsChars;
    signals.send(capacityTopic, named ? { w: workspaceId, to: snapshot.grantedTo, g: snapshot.grants } : { w: workspaceId, to: snapshot.grantedTo });
  }
  // Outcomes of an API-only process wait for any worker: tell them.
  if (!runs && snapshot.waiting.length > 0) signals.send(capacityTopic, { w: workspaceId, to: ['*'] });
}

/** A received payload as a notice, with the grants named for `node`; null for anything malformed. */
export function readCapacityNotice(payload: unknown, node: string): CapacityNotice | null {
  const notice = payload as { w?: unknown; to?: unknown; g?: unknown };
  if (typeof notice?.w !== 'string' || !Array.isArray(notice.to)) return null;
  const granted = typeof notice.g === 'object' && notice.g !== null ? (notice.g as Record<string, unknown>)[node] : undefined;
  const named = Array.isArray(granted) && granted.every((id): id is string => typeof id === 'string');
  return named ? { workspaceId: notice.w, to: notice.to, granted } : { workspaceId: notice.w, to: notice.to };
}
