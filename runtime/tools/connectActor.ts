import type { Tool } from '@modelcontextprotocol/client';
import { fromPromise } from 'xstate';
import type { ConnectResult } from '../../machines/toolConnection.js';
import { connectionFailure, type ConnectionFailure } from './connectionFailure.js';
import type { GuardedFetch } from './guardedFetch.js';
import { openMcpSession, type McpTarget } from './session.js';
import type { SessionPool } from './sessionPool.js';
import type { ToolSettings } from './settings.js';

/** What one connection's connect step needs from the process (its LiveConnection's `connectStep`). */
export interface ConnectStep {
  target: () => Promise<McpTarget>;
  settings: ToolSettings;
  fetch: GuardedFetch;
  slot: Pick<SessionPool, 'hold'>;
  storeCatalog(tools: Tool[], ttlMs: number | null): Promise<void>;
  onToolsChanged(): void;
  onLost(error: unknown): void;
  onFailure(failure: ConnectionFailure): void;
  now(): string;
  jitter(): number;
}

/**
 * The `connect` actor of the tool connection chart, one for every connection on the host: finds
 * the connection's process side (`step`; undefined once its row is gone), opens a session,
 * discovers and stores the tools and hands the session to the slot. It resolves for every server
 * failure with a classified ConnectResult (the chart decides what follows) and closes a half-open
 * session. A connection whose row was deleted fails for good (`closed`, not retried).
 */
export function connectActor(step: (connectionId: string) => Promise<ConnectStep | undefined>, now: () => string) {
  return fromPromise<ConnectResult, { connectionId: string; attempt: number }>(async ({ input }) => {
    const deps = await step(input.connectionId);
    if (!deps) return { ok: false, at: now(), jitter: 1, reason: 'closed', retryable: false, error: 'the connection was deleted' };
    let opened: Awaited<ReturnType<typeof openMcpSession>> | undefined;
    try {
      opened = await openMcpSession(await deps.target(), {
        connectTimeoutMs: deps.settings.connectTimeoutMs,
        fetch: deps.fetch,
        onToolsChanged: deps.onToolsChanged,
        onClosed: (error) => deps.onLost(error ?? new Error('the tool server closed the connection')),
      });
      const { tools, ttlMs } = await opened.listTools();
      await deps.storeCatalog(tools, ttlMs);
      deps.slot.hold(opened);
      return { ok: true, at: deps.now(), toolCount: tools.length };
    } catch (error) {
      await opened?.close();
      const failure = connectionFailure(error);
      deps.onFailure(failure);
      return { ok: false, at: deps.now(), jitter: deps.jitter(), reason: failure.reason, retryable: failure.retryable, error: failure.error };
    }
  });
}
