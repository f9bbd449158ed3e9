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
import { createSessionSlot } from './sessionSlot.js';
import type { ToolSettings } from './settings.js';

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
}

/**
 * Whose chart the connection follows in this process:
 * - `hosted`: its toolConnection actor runs on this process's actor host (it owns status and
 *   catalog); the chart's connect step fills the session slot, a lost session is sent as LOST.
 * - `follower`: the actor runs on another process (Postgres, leased there); this process only
 *   needs a session to call the tools, opened on demand, dropped on failure and opened again on
 *   the next call. Its state is the stored row's (`stored`), as the owner last projected it.
 */
export type ConnectionRole =
  | { kind: 'hosted'; actor: () => ConnectionActor | undefined; send: (event: { type: 'LOST'; at: string; jitter: number; reason: ConnectionFailure['reason']; error: string; retryable: boolean }) => void }
  | { kind: 'follower'; stored: ToolConnectionStatusDetail; loadCatalog: () => Promise<void> };

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
export function createLiveConnection(deps: LiveConnectionDeps, role: ConnectionRole) {
  let lastFailure: ConnectionFailure | undefined;
  let lastDetail: ToolConnectionStatusDetail = role.kind === 'follower' ? role.stored : { state: 'connecting', reason: null, next_retry_at: null, last_error: null };
  let opening: Promise<void> | undefined;
  let openFailures = 0;
  let nextOpenAt = 0;
  let closed = false;
  // The first successful discovery here may refuse the connection on a name collision.
  let initial = true;
  const quarantine = createQuarantine(deps.settings.quarantineAfterTimeouts, deps.settings.quarantineMs);
  const now = () => deps.clock.now().toISOString();
  const jitter = () => 0.5 + deps.random() * 0.5;
  const slot = createSessionSlot({
    // A follower drops a broken session and opens another on the next call: no heartbeat.
    healthCheckMs: role.kind === 'hosted' ? deps.settings.healthCheckMs : 0,
    pingTimeoutMs: deps.settings.connectTimeoutMs,
    onLost: (error) => lost(error),
  });
  const refreshCatalog = createCatalogRefresher({ connectionId: deps.connectionId, session: slot.current, storeCatalog: deps.storeCatalog, logger: deps.logger });

  function lost(error: unknown): void {
    const failure = connectionFailure(error);
    lastFailure = failure;
    if (role.kind === 'follower') {
      slot.drop();
      return;
    }
    const actor = role.actor();
    if (!actor?.getSnapshot().matches('active')) return;
    deps.logger.warn({ connection_id: deps.connectionId, reason: 'reason' in failure.cause ? failure.cause.reason : failure.reason }, 'tool connection lost');
    role.send({ type: 'LOST', at: now(), jitter: jitter(), reason: failure.reason, error: failure.error, retryable: failure.retryable });
  }

  function detail(): ToolConnectionStatusDetail {
    if (role.kind === 'hosted') {
      const actor = role.actor();
      if (actor) lastDetail = statusDetailOf(actor.getSnapshot());
    }
    return lastDetail;
  }

  /** A follower's session for calls: opened once per need, shared by concurrent callers. */
  async function openForCalls(): Promise<void> {
    if (slot.current() || closed || role.kind !== 'follower') return;
    // After a failed open, calls do not each wait for a server that is down: the next try waits
    // out the chart's backoff (base delay doubling to the cap, without jitter).
    if (deps.clock.now().getTime() < nextOpenAt) return;
    opening ??= (async () => {
      try {
        const session = await openMcpSession(await deps.target(), {
          connectTimeoutMs: deps.settings.connectTimeoutMs,
          fetch: deps.fetch,
          onToolsChanged: () => void refreshCatalog(),
          onClosed: () => slot.drop(),
        });
        if (closed) return void (await session.close());
        slot.hold(session);
        openFailures = 0;
        await role.loadCatalog();
      } catch (error) {
        lastFailure = connectionFailure(error);
        openFailures += 1;
        nextOpenAt = deps.clock.now().getTime() + backoffMs(deps.settings.reconnect, openFailures, 1);
        deps.logger.warn({ connection_id: deps.connectionId, err: { message: lastFailure.error } }, 'tool connection owned by another process: no session here');
      } finally {
        opening = undefined;
      }
    })();
    await opening;
  }

  return {
    connectionId: deps.connectionId,
    workspaceId: deps.workspaceId,
    role: role.kind,
    quarantine,
    /** What the connect step of the chart needs from this process (hosted connections). */
    connectStep: {
      target: deps.target,
      slot,
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
      slot.drop();
    },
    /**
     * Resolves once the connection's first connect (after it was opened, or restored at a
     * restart) settled, or after `timeoutMs`, whichever comes first; with the state it is in then.
     * A connection waiting to retry after a failure is not waited for: its server is down. A
     * follower opens its session for calls here and is `active` only with one.
     */
    async ready(timeoutMs: number): Promise<ToolConnectionStatusDetail['state']> {
      if (role.kind === 'follower') {
        if (publicStatus(lastDetail.state) !== 'active') return lastDetail.state;
        await openForCalls();
        return slot.current() ? 'active' : 'reconnecting';
      }
      const actor = role.actor();
      if (actor && firstConnectUnderWay(actor.getSnapshot())) await waitFor(actor, (s) => !firstConnectUnderWay(s), { timeout: timeoutMs }).catch(() => undefined);
      return detail().state;
    },
    detail,
    /**
     * The state as last seen: a hosted actor's snapshot after a transition (kept once the actor is
     * at rest and left memory), or the row another process stored (a follower drops its session
     * when that is no longer active).
     */
    observe(next: ToolConnectionStatusDetail): void {
      lastDetail = next;
      if (role.kind === 'follower' && publicStatus(next.state) !== 'active') slot.drop();
    },
    /** Why the last connect failed or the session was lost, for the connect answer. */
    lastFailure: () => lastFailure?.cause,
    session: slot.current,
    /** A call failed in a way that says the connection (not the tool) is broken. */
    reportFailure: lost,
    refreshCatalog,
    /** Closes the session; stored state is left as it is (shutdown, hand-over). */
    async close(): Promise<void> {
      closed = true;
      await opening;
      await slot.close();
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
