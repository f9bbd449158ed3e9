import type { Tool } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import { waitFor, type Actor } from 'xstate';
import { backoffMs, publicStatus, statusDetailOf, type toolConnectionMachine, type ToolConnectionStatusDetail } from '../../machines/toolConnection.js';
import type { Clock } from '../clock.js';
import { createCatalogRefresher } from './catalogRefresher.js';
import { connectionFailure, type ConnectionFailure } from './connectionFailure.js';
import type { GuardedFetch } from './guardedFetch.js';
import { createQuarantine } from './quarantine.js';
import { openMcpSession, type McpTarget } from './session.js';
import { createSessionPool } from './sessionPool.js';
import type { ToolSettings } from './settings.js';
import type { Quarantine } from './ports.js';
import type { SessionPool } from './sessionPool.js';
import type { CatalogCollisionError } from './catalogCollisionError.js';
import type { ClassifiedFailure } from './errors.js';
import type { McpSession } from './session.js';

type ConnectionActor = Actor<typeof toolConnectionMachine>;

export interface LiveConnectionDeps {
  connectionId: string;
  workspaceId: string;
  settings: ToolSettings;
  fetch: GuardedFetch;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** Where the session goes, read anew on every (re)connect. */
  target: () => Promise<McpTarget>;
  /** Stores the discovered tools as the connection's catalog; throws CatalogCollisionError to refuse. */
  storeCatalog(tools: Tool[], ttlMs: number | null, initial: boolean): Promise<void>;
  /** Loads the stored catalog into memory when this process has none (a session opened for calls). */
  loadCatalog(): Promise<void>;
}

/**
 * Where the connection's status comes from in this process. Sessions do not depend on it: every
 * process pools its own (sessionPool.ts), opened on demand for calls.
 * - `actor`: its toolConnection actor runs on this process's actor host (it owns status and
 *   catalog, and watches the session's health); the chart's connect step fills the pool, a lost
 *   session is sent to it as LOST.
 * - `stored`: the actor runs on another process (Postgres, leased there); the status is the
 *   stored row's, as the owner last projected it.
 */
export type ConnectionStatusSource =
  | { kind: 'actor'; actor: () => ConnectionActor | undefined; send: (event: { type: 'LOST'; at: string; jitter: number; reason: ConnectionFailure['reason']; error: string; retryable: boolean }) => void }
  | { kind: 'stored'; stored: ToolConnectionStatusDetail };

/** Waited for by a step asking for tools: a connect under way that has no failure yet. */
function firstConnectUnderWay(snapshot: ReturnType<ConnectionActor['getSnapshot']>): boolean {
  return snapshot.matches('connecting') || (snapshot.matches({ reconnecting: 'attempting' }) && snapshot.context.attempt === 0);
}

/**
 * The process side of one tool connection: what no snapshot can hold. The live MCP session (in
 * its slot, with the health check), per-tool quarantine, the last failure and the catalog
 * refresher. Its state chart runs on the actor host (see connectionMachine.ts);
 * this object is keyed by connection id in the process's registry (liveConnections.ts).
 * Invariant: `close()` leaves no session or heartbeat behind.
 */
export function createLiveConnection(deps: LiveConnectionDeps, status: ConnectionStatusSource): LiveConnection {
  let lastFailure: ConnectionFailure | undefined;
  let lastDetail: ToolConnectionStatusDetail = status.kind === 'stored' ? status.stored : { state: 'connecting', reason: null, next_retry_at: null, last_error: null };
  // The first successful discovery here may refuse the connection on a name collision.
  let initial = true;
  const quarantine = createQuarantine(deps.settings.quarantineAfterTimeouts, deps.settings.quarantineMs);
  const now = () => deps.clock.now().toISOString();
  const jitter = () => 0.5 + deps.random() * 0.5;
  const pool = createSessionPool({
    async open() {
      const session = await openMcpSession(await deps.target(), {
        connectTimeoutMs: deps.settings.connectTimeoutMs,
        fetch: deps.fetch,
        onToolsChanged: () => void refreshCatalog(),
        onClosed: (error) => lost(error ?? new Error('the tool server closed the connection')),
      });
      try {
        await deps.loadCatalog();
      } catch (error) {
        await session.close();
        throw error;
      }
      return session;
    },
    // After a failed open the next try waits out the chart's backoff (base delay doubling to the cap, without jitter).
    backoffMs: (failures) => backoffMs(deps.settings.reconnect, failures, 1),
    now: () => deps.clock.now().getTime(),
    // The status owner watches the session's health; elsewhere a broken session shows on its next call.
    healthCheckMs: status.kind === 'actor' ? deps.settings.healthCheckMs : 0,
    pingTimeoutMs: deps.settings.connectTimeoutMs,
    onLost: (error) => lost(error),
    onOpenFailed(error) {
      lastFailure = connectionFailure(error);
      deps.logger.warn({ connection_id: deps.connectionId, err: { message: lastFailure.error } }, 'tool connection: no session for calls here');
    },
  });
  const refreshCatalog = createCatalogRefresher({ connectionId: deps.connectionId, session: pool.current, storeCatalog: deps.storeCatalog, logger: deps.logger });

  /** The session broke: it is dropped here (the next call opens another), and the status owner is told. */
  function lost(error: unknown): void {
    const failure = connectionFailure(error);
    lastFailure = failure;
    pool.drop();
    if (status.kind === 'stored') return;
    const actor = status.actor();
    if (!actor?.getSnapshot().matches('active')) return;
    deps.logger.warn({ connection_id: deps.connectionId, reason: 'reason' in failure.cause ? failure.cause.reason : failure.reason }, 'tool connection lost');
    status.send({ type: 'LOST', at: now(), jitter: jitter(), reason: failure.reason, error: failure.error, retryable: failure.retryable });
  }

  function detail(): ToolConnectionStatusDetail {
    if (status.kind === 'actor') {
      const actor = status.actor();
      if (actor) lastDetail = statusDetailOf(actor.getSnapshot());
    }
    return lastDetail;
  }

  return {
    connectionId: deps.connectionId,
    workspaceId: deps.workspaceId,
    /** Where its status comes from here: its actor (`actor`) or the stored row (`stored`). */
    statusFrom: status.kind,
    quarantine,
    /** What the connect step of the chart needs from this process (connections whose actor runs here). */
    connectStep: {
      target: deps.target,
      slot: pool,
      fetch: deps.fetch,
      settings: deps.settings,
      storeCatalog: async (tools: Tool[], ttlMs: number | null) => {
        await deps.storeCatalog(tools, ttlMs, initial);
        initial = false;
      },
      onToolsChanged: () => void refreshCatalog(),
      onLost: lost,
      onFailure: (failure: ConnectionFailure) => (lastFailure = failure),
      now,
      jitter,
    },
    /** Lets the session go (the chart's `closeSession` action). */
    dropSession(): void {
      pool.drop();
    },
    /**
     * Resolves once the connection's first connect (after it was opened, or restored at a
     * restart) settled, or after `timeoutMs`, whichever comes first; with the state it is in then.
     * A connection waiting to retry after a failure is not waited for: its server is down. An
     * active connection is `active` here only with a session in this process's pool (opened now
     * when it has none).
     */
    async ready(timeoutMs: number): Promise<ToolConnectionStatusDetail['state']> {
      const actor = status.kind === 'actor' ? status.actor() : undefined;
      if (actor && firstConnectUnderWay(actor.getSnapshot())) await waitFor(actor, (s) => !firstConnectUnderWay(s), { timeout: timeoutMs }).catch(() => undefined);
      const state = detail().state;
      if (publicStatus(state) !== 'active') return state;
      return (await pool.acquire()) ? state : 'reconnecting';
    },
    detail,
    /**
     * The state as last seen: the actor's snapshot after a transition (kept once the actor is at
     * rest and left memory), or the row another process stored (its session is dropped when that
     * is no longer active; a chart here drops it itself, `closeSession`).
     */
    observe(next: ToolConnectionStatusDetail): void {
      lastDetail = next;
      if (status.kind === 'stored' && publicStatus(next.state) !== 'active') pool.drop();
    },
    /** Why the last connect failed or the session was lost, for the connect answer. */
    lastFailure: () => lastFailure?.cause,
    session: pool.current,
    /** A call failed in a way that says the connection (not the tool) is broken. */
    reportFailure: lost,
    refreshCatalog,
    /** Closes the session; stored state is left as it is (shutdown, hand-over). */
    async close(): Promise<void> {
      await pool.close();
    },
  };
}

export interface LiveConnection {
  connectionId: string;
  workspaceId: string;
  /** Where its status comes from here: its actor (`actor`) or the stored row (`stored`). */
  statusFrom: 'actor' | 'stored';
  quarantine: Quarantine;
  /** What the connect step of the chart needs from this process (connections whose actor runs here). */
  connectStep: {
    target: () => Promise<McpTarget>;
    slot: SessionPool;
    fetch: GuardedFetch;
    settings: ToolSettings;
    storeCatalog: (tools: Tool[], ttlMs: number | null) => Promise<void>;
    onToolsChanged: () => undefined;
    onLost: (error: unknown) => void;
    onFailure: (failure: ConnectionFailure) => ConnectionFailure;
    now: () => string;
    jitter: () => number;
  };
  /** Lets the session go (the chart's `closeSession` action). */
  dropSession(): void;
  /**
   * Resolves once the connection's first connect (after it was opened, or restored at a
   * restart) settled, or after `timeoutMs`, whichever comes first; with the state it is in then.
   * A connection waiting to retry after a failure is not waited for: its server is down. An
   * active connection is `active` here only with a session in this process's pool (opened now
   * when it has none).
   */
  ready(timeoutMs: number): Promise<ToolConnectionStatusDetail['state']>;
  detail: () => ToolConnectionStatusDetail;
  /**
   * The state as last seen: the actor's snapshot after a transition (kept once the actor is at
   * rest and left memory), or the row another process stored (its session is dropped when that
   * is no longer active; a chart here drops it itself, `closeSession`).
   */
  observe(next: ToolConnectionStatusDetail): void;
  /** Why the last connect failed or the session was lost, for the connect answer. */
  lastFailure: () => CatalogCollisionError | ClassifiedFailure | undefined;
  session: () => McpSession | undefined;
  /** A call failed in a way that says the connection (not the tool) is broken. */
  reportFailure: (error: unknown) => void;
  refreshCatalog: () => Promise<void>;
  /** Closes the session; stored state is left as it is (shutdown, hand-over). */
  close(): Promise<void>;
}
