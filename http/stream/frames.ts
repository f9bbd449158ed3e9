/**
 * Terminal events: the stream closes with 1000 once one is the latest thing sent. A failed
 * revision leaves the outcome completed with its old content: nothing more follows it either.
 */
export const terminalKinds = new Set(['outcome.completed', 'outcome.failed', 'outcome.revision_failed']);
/** Outcome statuses after which nothing more will be sent. */
export const terminalStatuses = new Set(['completed', 'failed']);

/** One message, serialized once and sent as the same bytes to every client of the outcome. */
export interface Frame {
  sequence: number;
  terminal: boolean;
  bytes: Buffer;
}

/** The stream's message for a stored event: the event envelope plus `sequence`. */
export function frameOf(event: { kind: string; timestamp: string; data: unknown; sequence: number }): Frame {
  return {
    sequence: event.sequence,
    terminal: terminalKinds.has(event.kind),
    bytes: Buffer.from(JSON.stringify({ event: event.kind, timestamp: event.timestamp, sequence: event.sequence, data: event.data })),
  };
}
