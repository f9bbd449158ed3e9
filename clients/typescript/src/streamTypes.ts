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
