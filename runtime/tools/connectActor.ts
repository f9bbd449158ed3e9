import type { Tool } from '@modelcontextprotocol/client';
import { fromPromise } from 'xstate';
import type { ConnectResult } from '../../machines/toolConnection.js';
import { connectionFailure, type ConnectionFailure } from './connectionFailure.js';
import type { GuardedFetch } from './guardedFetch.js';
import { openMcpSession, type McpTarget } from './session.js';
import type { createSessionSlot } from './sessionSlot.js';
import type { ToolSettings } from './settings.js';

export interface ConnectActorDeps {
  target: () => Promise<McpTarget>;
  settings: ToolSettings;
  fetch: GuardedFetch;
  slot: ReturnType<typeof createSessionSlot>;
  storeCatalog(tools: Tool[], ttlMs: number | null, initial: boolean): Promise<void>;
  onToolsChanged(): void;
  onLost(error: unknown): void;
  onFailure(failure: ConnectionFailure): void;
  now(): string;
  jitter(): number;
}

/**
 * The `connect` actor of the tool connection chart: opens a session, discovers and stores the
 * tools and hands the session to the slot. It resolves for every server failure with a
 * classified ConnectResult (the chart decides what follows) and closes a half-open session.
 * Only the first successful discovery is `initial` (a name collision refuses it).
 */
export function connectActor(deps: ConnectActorDeps) {
  let initial = true;
  return fromPromise<ConnectResult, { connectionId: string; attempt: number }>(async () => {
    let opened: Awaited<ReturnType<typeof openMcpSession>> | undefined;
    try {
      opened = await openMcpSession(await deps.target(), {
        connectTimeoutMs: deps.settings.connectTimeoutMs,
        fetch: deps.fetch,
        onToolsChanged: deps.onToolsChanged,
        onClosed: (error) => deps.onLost(error ?? new Error('the tool server closed the connection')),
      });
      const { tools, ttlMs } = await opened.listTools();
      await deps.storeCatalog(tools, ttlMs, initial);
      initial = false;
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
