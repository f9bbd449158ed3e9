import type { ClusterSignals } from '../events/clusterSignals.js';
import type { MonotonicClock } from './sender.js';

/** The cluster topic of cursor moves; payload: the position the cursor was moved to. */
export const cursorTopic = 'webhook-cursor';

/** Cursor notices are sent at most this often by one node (the others only need to know it is active). */
const noticeEveryMs = 100;

/** A node that heard nothing from another process for this long is alone: it sends no cursor notices. */
export const quietMs = 10_000;

export interface FanOutLeadOptions {
  signals: ClusterSignals;
  monotonic: MonotonicClock;
  /** How long a node that another one is seen fanning out leaves the fan-out to it. */
  yieldMs: number;
}

/**
 * Which node fans out now, when several processes share the database (issue 30). Every node may
 * move the fan-out's cursor (a compare-and-set decides), but when each woke for its own commits,
 * N busy processes read the same events and moved the cursor N times as often. So the node that
 * moves the cursor says so (a notice, at most every 100 ms), and a node that hears of a move
 * further than its own within `yieldMs` leaves the fan-out to that node: its commits and
 * notices only mark it behind (`EventTail.defer`). The cursor's positions only grow, so of two
 * nodes that hear of each other exactly one yields: the one whose last move is behind. A node
 * that stops (killed, paused, idle) sends nothing, and the others take over after `yieldMs`.
 * Nothing is decided by this beyond who reads: the compare-and-set still keeps a batch from being
 * fanned out twice.
 */
export function createFanOutLead(options: FanOutLeadOptions): FanOutLead {
  const { signals, monotonic, yieldMs } = options;
  let mine = -Infinity;
  let theirs = -Infinity;
  let theirsAt = -Infinity;
  let noticeAt = -Infinity;
  const off = signals.on(cursorTopic, (payload) => {
    if (typeof payload !== 'number') return;
    theirs = Math.max(theirs, payload);
    theirsAt = monotonic.now();
  });
  return {
    moved(position: number, others: boolean): void {
      mine = Math.max(mine, position);
      const now = monotonic.now();
      // Nobody to tell (no other process heard from lately): a notice would be a commit for nothing.
      if (!others && now - theirsAt >= quietMs) return;
      if (now - noticeAt < noticeEveryMs) return;
      noticeAt = now;
      signals.send(cursorTopic, position);
    },
    othersLead(): boolean {
      return theirs > mine && monotonic.now() - theirsAt < yieldMs;
    },
    close(): void {
      off();
    },
  };
}

export interface FanOutLead {
  /**
   * This node moved the cursor to `position`; `others`: another process was heard from lately
   * (its events), so there is someone to tell. Alone, nothing is sent.
   */
  moved(position: number, others: boolean): void;
  /** True while another node has lately moved the cursor further than this one. */
  othersLead(): boolean;
  close(): void;
}
