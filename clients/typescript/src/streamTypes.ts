import type { CrewdApiError } from './errors.js';

/** One message of the outcome stream: the event envelope plus its per-outcome `sequence`. */
export interface StreamMessage {
  event: string;
  timestamp: string;
  sequence: number;
  data: Record<string, unknown>;
}

/** What a connection (WebSocket or Server-Sent Events) yields next: a message, or its one end. */
export type Step = { kind: 'message'; message: StreamMessage } | { kind: 'closed'; code: number } | { kind: 'refused'; error: CrewdApiError } | { kind: 'error'; error: Error };

/**
 * The pull queue both connections (WebSocket, Server-Sent Events) hand their steps to: messages
 * in order, then exactly one end step; anything pushed after the end is dropped.
 */
export function stepQueue(): { push(step: Step): void; next(): Promise<Step> } {
  const queue: Step[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  return {
    push(step) {
      if (ended) return;
      if (step.kind !== 'message') ended = true;
      queue.push(step);
      wake?.();
    },
    async next() {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return queue.shift()!;
    },
  };
}
