/**
 * The idempotency key of the one object an integration makes of a whole outcome (an issue, a
 * post, a page, a file): the outcome and the flag, not the stage attempt the runner's key carries,
 * so a retry of the outcome or a second run of the stage finds the object of the first run.
 */
export function documentKey(input: { outcome_id: string; flag: string }): string {
  return `${input.outcome_id}:${input.flag}:document`;
}
