import type { Tool } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import { createActor, waitFor } from 'xstate';
import { statusDetailOf, toolConnectionMachine, type ToolConnectionStatusDetail } from '../../machines/toolConnection.js';
import type { Clock } from '../clock.js';
import { createCatalogRefresher } from './catalogRefresher.js';
import { connectActor } from './connectActor.js';
import { connectionFailure, type ConnectionFailure } from './connectionFailure.js';
import type { GuardedFetch } from './guardedFetch.js';
import { createQuarantine } from './quarantine.js';
import { createSessionSlot } from './sessionSlot.js';
import type { McpTarget } from './session.js';
import type { ToolSettings } from './settings.js';
import { createWriteQueue } from './writeQueue.js';

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

/**
 * One tool connection in memory: its state chart actor with the side effects it names (connect,
 * scheduleRetry, closeSession, cleanup), the live MCP session while active, the reconnect timer
 * and per-tool quarantine. Stored state follows every transition, in order.
 */
export function createLiveConnection(deps: LiveConnectionDeps, options: { retryInitialFailure: boolean }) {
  let retryTimer: NodeJS.Timeout | undefined;
  let lastFailure: ConnectionFailure | undefined;
  const quarantine = createQuarantine(deps.settings.quarantineAfterTimeouts, deps.settings.quarantineMs);
  const writes = createWriteQueue(deps.logger);
  const now = () => deps.clock.now().toISOString();
  const jitter = () => 0.5 + deps.random() * 0.5;
  const slot = createSessionSlot({ healthCheckMs: deps.settings.healthCheckMs, pingTimeoutMs: deps.settings.connectTimeoutMs, onLost: (error) => lost(error) });
  const refreshCatalog = createCatalogRefresher({ connectionId: deps.connectionId, session: slot.current, storeCatalog: deps.storeCatalog, logger: deps.logger });

  function lost(error: unknown) {
    if (!actor.getSnapshot().matches('active')) return;
    const failure = connectionFailure(error);
    lastFailure = failure;
    deps.logger.warn({ connection_id: deps.connectionId, reason: 'reason' in failure.cause ? failure.cause.reason : failure.reason }, 'tool connection lost');
    actor.send({ type: 'LOST', at: now(), jitter: jitter(), reason: failure.reason, error: failure.error, retryable: failure.retryable });
  }

  const machine = toolConnectionMachine.provide({
    actors: {
      connect: connectActor({
        ...deps,
        slot,
        onToolsChanged: () => void refreshCatalog(),
        onLost: lost,
        onFailure: (failure) => (lastFailure = failure),
        now,
        jitter,
      }),
    },
    actions: {
      scheduleRetry: (_, params) => {
        if (retryTimer) clearTimeout(retryTimer);
        const delay = Math.max(0, Date.parse(params.dueAt) - deps.clock.now().getTime());
        retryTimer = setTimeout(() => actor.send({ type: 'RETRY_DUE' }), Number.isFinite(delay) ? delay : 0);
        retryTimer.unref();
      },
      closeSession: () => slot.drop(),
      cleanup: () => writes.enqueue(() => deps.cleanup(), 'tool connection cleanup failed'),
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
    const detail = statusDetailOf(snapshot);
    const key = JSON.stringify([detail, snapshot.context.lastConnectedAt]);
    if (key === lastPersisted || detail.state === 'connecting') return;
    lastPersisted = key;
    writes.enqueue(() => deps.persist(detail, snapshot.context.lastConnectedAt), 'storing tool connection state failed');
  });

  return {
    connectionId: deps.connectionId,
    workspaceId: deps.workspaceId,
    quarantine,
    start() {
      actor.start();
    },
    /** Resolves once the first connect settled (active, error or waiting to retry). */
    async settled(): Promise<ToolConnectionStatusDetail['state']> {
      return statusDetailOf(await waitFor(actor, (s) => !s.matches('connecting'))).state;
    },
    /**
     * Resolves once the connection's first connect (after it was opened or reopened at a restart)
     * settled, or after `timeoutMs`, whichever comes first; with the state it is in then. A
     * connection waiting to retry after a failure is not waited for: its server is down.
     */
    async ready(timeoutMs: number): Promise<ToolConnectionStatusDetail['state']> {
      const settledNow = (s: ReturnType<typeof actor.getSnapshot>) => !s.matches('connecting');
      if (!settledNow(actor.getSnapshot())) await waitFor(actor, settledNow, { timeout: timeoutMs }).catch(() => undefined);
      return statusDetailOf(actor.getSnapshot()).state;
    },
    detail: () => statusDetailOf(actor.getSnapshot()),
    /** Why the last connect failed or the session was lost, for the connect answer. */
    lastFailure: () => lastFailure?.cause,
    session: slot.current,
    /** A call failed in a way that says the connection (not the tool) is broken. */
    reportFailure: lost,
    refreshCatalog,
    /** Waits for stored state and cleanup to be written. */
    flushed: writes.flushed,
    disconnect() {
      actor.send({ type: 'DISCONNECT' });
    },
    /** Stops timers and the session without changing the stored state (shutdown). */
    async stop() {
      if (retryTimer) clearTimeout(retryTimer);
      actor.stop();
      await slot.close();
      await writes.flushed();
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
