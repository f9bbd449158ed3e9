/**
 * Where a call's journal key (journalKey.ts) travels in an MCP `tools/call` request's `_meta`
 * (plugins and external servers alike), so a server can tell a call re-sent after a crash is the
 * same call. The journal itself is the call log (storage/repositories/toolCalls.ts), read and
 * written by the tool invoker (toolInvoker.ts).
 */
export const idempotencyMetaKey = 'crewd.dev/idempotency_key';
