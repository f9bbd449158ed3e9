import type { ToolCallsRepository } from '../../storage/repositories/toolCalls.js';

/** Where a call's key travels in an MCP `tools/call` request's `_meta` (plugins and external servers alike). */
export const idempotencyMetaKey = 'crewd.dev/idempotency_key';

export interface JournaledOutcome {
  content: string;
  isError: boolean;
}

/**
 * The journal side of a tool call (DESIGN section 3): the call log row with its `call_key` is the
 * stored result. A restored step asks `replay` first and gets the stored answer without calling
 * the tool; a call that was in flight at a crash has no row and is sent again with the same key in
 * `_meta` (`meta`), so the server can tell it is the same call. External servers therefore see a
 * call at least once; a server that honours the key does its work once.
 */
export function createToolJournal(toolCalls: Pick<ToolCallsRepository, 'findByKey'>) {
  return {
    async replay(callKey: string | undefined): Promise<JournaledOutcome | undefined> {
      if (!callKey) return undefined;
      const row = await toolCalls.findByKey(callKey);
      return row ? { content: row.output, isError: !row.success } : undefined;
    },
    /** The `_meta` a keyed call carries. */
    meta(callKey: string | undefined): Record<string, unknown> | undefined {
      return callKey ? { [idempotencyMetaKey]: callKey } : undefined;
    },
  };
}

export type ToolJournal = ReturnType<typeof createToolJournal>;
