import type { Tool } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { toolConnectionMachine, type ConnectResult, type ToolConnectionStatusDetail } from '../../machines/toolConnection.js';
import type { Clock } from '../clock.js';
import { classifyMcpError, type ClassifiedFailure } from './errors.js';
import type { GuardedFetch } from './guardedFetch.js';
import { createQuarantine } from './quarantine.js';
import { openMcpSession, type McpSession, type McpTarget } from './session.js';
import type { ToolSettings } from './settings.js';

/** Thrown by `storeCatalog` when the tools would collide with another connection's names. */
export class CatalogCollisionError extends Error {
  constructor(readonly names: string[]) {
    super(`tool names already used by another connection of this workspace: ${names.join(', ')}`);
    this.name = 'CatalogCollisionError';
  }
}

export interface LiveConnectionDeps {
  connectionId: string;
  workspaceId: string;
  target: () => Promise<McpTarget>;
  settings: ToolSettings;
  fetch: GuardedFetch;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** Stores the discovered tools as the connection's catalog; throws CatalogCollisionError to refuse. */
  storeCatalog(tools: Tool[], ttlMs: number | null, initial: boolean): Promise<void>;
  /** Stores the state after every transition (called in order). */
  persist(detail: ToolConnectionStatusDetail, lastConnectedAt: string | null): Promise<void>;
  /** Deletes the connection's data after a disconnect. */
  cleanup(): Promise<void>;
}

type Snapshot = SnapshotFrom<typeof toolConnectionMachine>;

export function stateOf(snapshot: Snapshot): ToolConnectionStatusDetail['state'] {
  if (snapshot.matches('reconnecting')) return 'reconnecting';
  return snapshot.value as ToolConnectionStatusDetail['state'];
}

/**
 * One tool connection in memory: its state chart actor, the live MCP session while active, a
 * health check that notices a server that went away, the reconnect timer and per-tool quarantine.
 */
export function createLiveConnection(deps: LiveConnectionDeps, options: { retryInitialFailure: boolean }) {
  let session: McpSession | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | undefined;
  let lastFailure: ClassifiedFailure | CatalogCollisionError | undefined;
  let initial = true;
  let persistChain = Promise.resolve();
  const quarantine = createQuarantine(deps.settings.quarantineAfterTimeouts, deps.settings.quarantineMs);
  const now = () => deps.clock.now().toISOString();
  const jitter = () => 0.5 + deps.random() * 0.5;

  function stopHeartbeat() {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
  }

  function lost(error: unknown) {
    const snapshot = actor.getSnapshot();
    if (!snapshot.matches('active')) return;
    const failure = classifyMcpError(error);
    lastFailure = failure;
    deps.logger.warn({ connection_id: deps.connectionId, reason: failure.reason }, 'tool connection lost');
    actor.send({ type: 'LOST', at: now(), jitter: jitter(), reason: failure.reason === 'refused_url' ? 'protocol_error' : failure.reason, error: failure.message, retryable: failure.retryable });
  }

  async function refreshCatalog(): Promise<void> {
    if (!session) return;
    const current = session;
    refreshing ??= (async () => {
      try {
        const { tools, ttlMs } = await current.listTools();
        await deps.storeCatalog(tools, ttlMs, false);
      } catch (error) {
        deps.logger.warn({ connection_id: deps.connectionId, err: error }, 'tool catalog refresh failed');
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  }

  const machine = toolConnectionMachine.provide({
    actors: {
      connect: fromPromise<ConnectResult, { connectionId: string; attempt: number }>(async () => {
        let opened: McpSession | undefined;
        try {
          opened = await openMcpSession(await deps.target(), {
            connectTimeoutMs: deps.settings.connectTimeoutMs,
            fetch: deps.fetch,
            onToolsChanged: () => void refreshCatalog(),
            onClosed: (error) => lost(error ?? new Error('the tool server closed the connection')),
          });
          const { tools, ttlMs } = await opened.listTools();
          await deps.storeCatalog(tools, ttlMs, initial);
          initial = false;
          session = opened;
          if (opened.transportKind !== 'memory') {
            heartbeat = setInterval(() => {
              session?.ping(deps.settings.connectTimeoutMs).catch((error) => lost(error));
            }, deps.settings.healthCheckMs);
            heartbeat.unref();
          }
          return { ok: true, at: now(), toolCount: tools.length };
        } catch (error) {
          await opened?.close();
          if (error instanceof CatalogCollisionError) {
            lastFailure = error;
            return { ok: false, at: now(), jitter: jitter(), reason: 'protocol_error', retryable: false, error: error.message };
          }
          const failure = classifyMcpError(error);
          lastFailure = failure;
          return { ok: false, at: now(), jitter: jitter(), reason: failure.reason === 'refused_url' ? 'protocol_error' : failure.reason, retryable: failure.retryable, error: failure.message };
        }
      }),
    },
    actions: {
      scheduleRetry: (_, params) => {
        if (retryTimer) clearTimeout(retryTimer);
        const delay = Math.max(0, Date.parse(params.dueAt) - deps.clock.now().getTime());
        retryTimer = setTimeout(() => actor.send({ type: 'RETRY_DUE' }), Number.isFinite(delay) ? delay : 0);
        retryTimer.unref();
      },
      closeSession: () => {
        stopHeartbeat();
        const closing = session;
        session = undefined;
        void closing?.close();
      },
      cleanup: () => {
        persistChain = persistChain.then(() => deps.cleanup()).catch((error) => deps.logger.error({ err: error }, 'tool connection cleanup failed'));
      },
    },
  });

  const actor = createActor(machine, {
    input: {
      connectionId: deps.connectionId,
      maxAttempts: deps.settings.reconnect.maxAttempts,
      baseDelayMs: deps.settings.reconnect.baseDelayMs,
      maxDelayMs: deps.settings.reconnect.maxDelayMs,
      retryInitialFailure: options.retryInitialFailure,
    },
  });
  let lastPersisted = '';
  actor.subscribe((snapshot) => {
    const d = detail(snapshot);
    const key = JSON.stringify([d, snapshot.context.lastConnectedAt]);
    if (key === lastPersisted || d.state === 'connecting') return;
    lastPersisted = key;
    persistChain = persistChain.then(() => deps.persist(d, snapshot.context.lastConnectedAt)).catch((error) => deps.logger.error({ err: error }, 'storing tool connection state failed'));
  });

  function detail(snapshot: Snapshot = actor.getSnapshot()): ToolConnectionStatusDetail {
    return { state: stateOf(snapshot), reason: snapshot.context.reason, next_retry_at: snapshot.context.nextRetryAt, last_error: snapshot.context.lastError };
  }

  return {
    connectionId: deps.connectionId,
    workspaceId: deps.workspaceId,
    quarantine,
    start() {
      actor.start();
    },
    /** Resolves once the first connect settled (active, error or waiting to retry). */
    async settled(): Promise<ToolConnectionStatusDetail['state']> {
      const snapshot = await waitFor(actor, (s) => !s.matches('connecting'));
      return stateOf(snapshot);
    },
    detail,
    lastFailure: () => lastFailure,
    session: () => session,
    /** A call failed in a way that says the connection (not the tool) is broken. */
    reportFailure: lost,
    refreshCatalog,
    /** Waits for stored state and cleanup to be written. */
    flushed: () => persistChain,
    disconnect() {
      actor.send({ type: 'DISCONNECT' });
    },
    /** Stops timers and the session without changing the stored state (shutdown). */
    async stop() {
      stopHeartbeat();
      if (retryTimer) clearTimeout(retryTimer);
      actor.stop();
      const closing = session;
      session = undefined;
      await closing?.close();
      await persistChain;
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
