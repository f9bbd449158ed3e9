/**
 * An event's id, derived from where it belongs: `(outcome, sequence)` is already unique, so the id
 * is too, a re-written event keeps its id, and no randomness is spent per event.
 */
export function eventId(actorId: string, sequence: number): string {
  return `evt_${actorId.replace(/^[a-z]+_/, '')}_${sequence}`;
}
