import { journalKey } from '../tools/journalKey.js';

/** The durable position of one agent tool call inside an outcome. */
export interface ToolCallPosition {
  outcomeId: string;
  /** The stage index as a string, or a revision id. */
  stepKey: string;
  attempt: number;
  /** The agent's model-step turn that asked for the call. */
  turn: number;
  /** The call's index among the calls that turn asked for. */
  index: number;
}

/**
 * The journal key of one logical tool call (the one key function, runtime/tools/journalKey.ts):
 * the same position always gives the same key, so a call re-sent after a crash carries the key it
 * was first sent with.
 */
export function toolCallKey(position: ToolCallPosition): string {
  return journalKey(position.outcomeId, position.stepKey, position.attempt, position.turn, position.index);
}
