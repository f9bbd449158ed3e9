/**
 * The one key of the call journal (agent tool calls and integration flags alike): the call's
 * durable position inside an outcome, `<outcome>:<step>:<attempt>:<call...>`. The same position
 * always gives the same key, so a retry of the call, a re-run of the stage with the same attempt
 * and a crash replay all find the first call's entry. `call` is (turn, index) for an agent's call
 * and the integration id for a flag; the two never collide (different segment counts and kinds).
 */
export function journalKey(outcomeId: string, stepKey: string, attempt: number, ...call: Array<string | number>): string {
  return [outcomeId, stepKey, attempt, ...call].join(':');
}
