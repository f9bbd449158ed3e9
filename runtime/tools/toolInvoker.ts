import type { Logger } from 'pino';
import type { ToolCallsRepository } from '../../storage/repositories/toolCalls.js';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { Quarantine } from './quarantine.js';
import { CallFailure, callFailureOf, withRetry, type RetryPolicy } from './retryPolicy.js';
import type { McpSession } from './session.js';
import type { ToolSettings } from './settings.js';
import { idempotencyMetaKey } from './toolJournal.js';
import { capText, toolOutputText } from './toolOutput.js';

/** The tool a call resolved to: a tool of a live connection, or an integration's plugin tool. */
export interface InvocationTarget {
  /** The connection's id; `integration:<id>` for an integration flag's plugin. */
  connectionId: string;
  serverType: string;
  /** The tool's name on its server, and the name the caller asked for. */
  toolName: string;
  modelName: string;
  /**
   * A session for one attempt and how to let it go after it. Throws a CallFailure when there is
   * none to be had (a refused authorization: not retried).
   */
  open(): Promise<{ session: McpSession; release(): Promise<void> }>;
  /** The call failed (after its retries) in a way that may say the connection, not the tool, is broken. */
  onFailure?(error: unknown, failure: CallFailure): void;
  /** The connection's per-tool timeout quarantine, told the call's fate. */
  quarantine?: Quarantine;
}

/** A call that cannot be made now (no such tool, quarantined, no session): answered, never journaled. */
export interface Refusal {
  refused: string;
}

export interface Invocation {
  kind: 'agent' | 'integration';
  workspaceId: string;
  outcomeId: string | null;
  agentName: string | null;
  /** The agent's model step (turn), for the call log. */
  step?: number;
  /** The journal key (journalKey.ts): replayed when stored, sent in `_meta`, recorded with the result. */
  key?: string;
  args: Record<string, unknown>;
  signal?: AbortSignal;
  /** Finds the tool; asked only when the journal has no entry for the key. */
  resolve(): Promise<InvocationTarget | Refusal>;
  /** The text answered and stored for a failure the call threw (the tool's own errors are its text). */
  failureText(message: string): string;
  /** The `error_code` of a tool's own error that names none. */
  toolErrorCode: string;
  /** How much of a tool's text is kept (the tool settings' `outputMaxChars` unless smaller). */
  maxChars?: number;
}

export interface Invoked {
  content: string;
  isError: boolean;
  /** The tool's structured result; on a failure, with the failure's `error_code`. */
  structured: Record<string, unknown> | undefined;
  /** Answered from the journal: the tool was not called. */
  replayed: boolean;
  /** Retries the call took under the policy (0 when replayed or refused). */
  retries: number;
}

/**
 * The one way a tool is called, for agents' calls and integration flags alike: resolve the tool,
 * look the key up in the journal (a stored entry is the answer: the tool is not called again),
 * call under the one retry policy (retryPolicy.ts), and record the result under the key before
 * answering. Side effects happen once per key: a retry, a re-run of the stage with the same key
 * and a crash replay all find the first call's entry; a call in flight at a crash has no entry and
 * is sent again with the same key in `_meta`, so a server that honours it does its work once.
 * A failed call never throws (it is an `isError` answer); only an abort of `signal` does.
 */
export interface ToolInvoker {
  invoke(invocation: Invocation): Promise<Invoked | Refusal>;
}

export interface ToolInvokerDeps {
  toolCalls: Pick<ToolCallsRepository, 'findByKey' | 'insert'>;
  settings: ToolSettings;
  retry: RetryPolicy;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
}

export function createToolInvoker(deps: ToolInvokerDeps): ToolInvoker {
  const { settings } = deps;
  const nowMs = () => deps.clock.now().getTime();

  async function replay(key: string | undefined): Promise<Invoked | undefined> {
    if (!key) return undefined;
    const row = await deps.toolCalls.findByKey(key);
    return row ? { content: row.output, isError: !row.success, structured: row.structured ?? undefined, replayed: true, retries: 0 } : undefined;
  }

  async function attempt(invocation: Invocation, target: InvocationTarget, maxChars: number) {
    const { session, release } = await target.open();
    try {
      const meta = invocation.key ? { [idempotencyMetaKey]: invocation.key } : undefined;
      const result = await session
        .callTool(target.toolName, invocation.args, { timeoutMs: settings.callTimeoutMs, wallMs: settings.callWallTimeoutMs, ...(invocation.signal ? { signal: invocation.signal } : {}), ...(meta ? { meta } : {}) })
        .catch((error: unknown) => {
          throw invocation.signal?.aborted ? error : callFailureOf(error, 'call');
        });
      const structured = result.structuredContent as Record<string, unknown> | undefined;
      if (!result.isError) return { content: toolOutputText(result, maxChars), isError: false, structured };
      const code = typeof structured?.error_code === 'string' ? structured.error_code : invocation.toolErrorCode;
      // A tool's own error is an answer, except one its tool says is transient (a vendor's 5xx or 429).
      if (structured?.retryable === true) {
        const wait = typeof structured.retry_after_ms === 'number' ? structured.retry_after_ms : undefined;
        throw new CallFailure(toolOutputText(result, maxChars), code, true, wait);
      }
      return { content: toolOutputText(result, maxChars), isError: true, structured: { ...structured, error_code: code } };
    } finally {
      await release();
    }
  }

  return {
    async invoke(invocation) {
      const stored = await replay(invocation.key);
      if (stored) return stored;
      const target = await invocation.resolve();
      if ('refused' in target) return target;
      const maxChars = Math.min(invocation.maxChars ?? settings.outputMaxChars, settings.outputMaxChars);
      const started = performance.now();
      const outcome = await withRetry(deps.retry, () => attempt(invocation, target, maxChars), invocation.signal);
      const invoked: Invoked = outcome.ok
        ? { ...outcome.value, replayed: false, retries: outcome.retries }
        : { content: invocation.failureText(outcome.failure.message), isError: true, structured: { error_code: outcome.failure.code }, replayed: false, retries: outcome.retries };
      const elapsed = Math.round(performance.now() - started);
      // Told once, after the retries: a blip retried on the same session does not break the connection.
      if (!outcome.ok && outcome.failure.cause !== undefined) target.onFailure?.(outcome.failure.cause, outcome.failure);
      const timedOut = !outcome.ok && outcome.failure.code === 'timeout';
      if (target.quarantine?.record(target.toolName, timedOut, nowMs())) {
        deps.logger.warn({ connection_id: target.connectionId, tool: target.toolName }, 'tool quarantined after repeated timeouts');
      }
      const written = await deps.toolCalls.insert({
        id: deps.ids.id('tc'),
        kind: invocation.kind,
        workspace_id: invocation.workspaceId,
        connection_id: target.connectionId,
        server_type: target.serverType,
        tool_name: target.toolName,
        model_tool_name: target.modelName,
        input: capText(JSON.stringify(invocation.args ?? {}), settings.outputMaxChars),
        output: invoked.content,
        // An integration's entry is rebuilt from its structured result; an agent's call keeps its code only.
        structured: invocation.kind === 'integration' ? (invoked.structured ?? null) : invoked.isError ? { error_code: invoked.structured?.error_code ?? invocation.toolErrorCode } : null,
        execution_time_ms: elapsed,
        success: !invoked.isError,
        agent_name: invocation.agentName,
        outcome_id: invocation.outcomeId,
        created_at: deps.clock.now().toISOString(),
        call_key: invocation.key ?? null,
        // Visibility (issue 21): the step, and why a failed call failed.
        step: invocation.step ?? null,
        error: invoked.isError ? capText(invoked.content, 2_000) : null,
      });
      // Another caller recorded the same key first (two processes raced): its answer is the journal's.
      if (!written) return (await replay(invocation.key)) ?? invoked;
      return invoked;
    },
  };
}
