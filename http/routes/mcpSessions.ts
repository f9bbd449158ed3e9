import { randomUUID } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode, WebStandardStreamableHTTPServerTransport, type AuthInfo, type McpServer } from '@modelcontextprotocol/server';
import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import type { Clock } from '../../runtime/clock.js';
import { createCrewdMcpServer } from '../../runtime/mcp/createCrewdMcpServer.js';
import type { CrewdMcpDeps } from '../../runtime/mcp/mcpDeps.js';
import { outcomeIdOfUri } from '../../runtime/mcp/outcomeUri.js';
import { createSessionEventStore } from '../../runtime/mcp/sessionEventStore.js';
import { requirePermission } from '../../runtime/mcp/permission.js';
import { refusingAsInvalidParams } from '../../runtime/mcp/refusal.js';
import { capMessage, TenantCounter, type CapLimits } from '../../runtime/mcp/tenantCounter.js';

export interface LegacySession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  keyId: string;
  workspaceId: string;
  subscriptions: Set<string>;
  release: () => void;
  /** When the session was last used (ms since the epoch, from the injected clock). */
  usedAt: number;
}

/** The `retry` (ms) each session's SSE streams suggest for reconnecting, in their priming event. */
export const sseRetryMs = 2000;

const settings = { key: 'CREWD_MCP_SESSIONS_PER_KEY', workspace: 'CREWD_MCP_SESSIONS_PER_WORKSPACE', process: 'CREWD_MCP_MAX_SESSIONS' } as const;

/**
 * The 2025-11-25 sessions of this process (each holds one server instance), capped per key, per
 * workspace and per process. A key at its cap makes room by closing its own least recently used
 * session (a client that leaks sessions only loses its own); a workspace or the process at its cap
 * refuses the new session with a message naming the setting, and never closes another tenant's.
 * A session unused for `idleMs` is closed before a new one is counted, so sessions a client forgot
 * to end do not hold a workspace at its cap for good.
 */
export function createLegacySessions(core: CrewdMcpDeps, limits: CapLimits, options: { clock: Clock; idleMs: number }) {
  const now = () => options.clock.now().getTime();
  /** In order of last use, least recent first. */
  const sessions = new Map<string, LegacySession>();
  const counter = new TenantCounter(limits);

  async function close(id: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    session.release();
    await session.server.close().catch(() => undefined);
  }

  /** The session `id` when `principal`'s key opened it (marked as just used), else undefined. */
  function find(id: string | undefined, principal: AuthenticatedKey): LegacySession | undefined {
    const session = id ? sessions.get(id) : undefined;
    if (!session || session.keyId !== principal.keyId) return undefined;
    sessions.delete(id!);
    sessions.set(id!, session);
    session.usedAt = now();
    return session;
  }

  /** Closes the sessions idle for longer than `idleMs` (the least recently used come first). */
  async function closeIdle(): Promise<void> {
    const before = now() - options.idleMs;
    const idle: string[] = [];
    for (const [id, session] of sessions) {
      if (session.usedAt >= before) break;
      idle.push(id);
    }
    await Promise.all(idle.map(close));
  }

  /**
   * Opens a session for an initialize request and answers it, or gives the refusal message when a
   * cap of the workspace or the process is reached.
   */
  async function open(principal: AuthenticatedKey, request: Request, parsedBody: unknown, authInfo: AuthInfo): Promise<Response | { refused: string }> {
    await closeIdle();
    if (counter.heldByKey(principal.keyId) >= limits.perKey) {
      const oldest = [...sessions].find(([, session]) => session.keyId === principal.keyId)?.[0];
      if (oldest) await close(oldest);
    }
    const holder = { keyId: principal.keyId, workspaceId: principal.workspace.id };
    const refusal = counter.refusal(holder);
    if (refusal) return { refused: capMessage('MCP sessions', refusal, settings) };
    const server = createCrewdMcpServer(core, principal, { tasks: true });
    const session: LegacySession = {
      server,
      ...holder,
      subscriptions: new Set(),
      release: counter.hold(holder),
      usedAt: now(),
      transport: new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        // Priming event with `retry` on every SSE stream, and replay after a reconnect.
        eventStore: createSessionEventStore(),
        retryInterval: sseRetryMs,
        onsessioninitialized: (id) => void sessions.set(id, session),
        onsessionclosed: (id) => void close(id),
      }),
    };
    // Subscriptions belong to the session; only outcomes of the key's workspace can be subscribed to.
    // A refusal is invalid params (-32602) in plain words, like subscriptions/listen's, never an internal error.
    server.server.setRequestHandler('resources/subscribe', (req) =>
      refusingAsInvalidParams(async () => {
        requirePermission(principal, 'outcomes:read', 'subscribing to an outcome');
        const id = outcomeIdOfUri(req.params.uri);
        if (!id || !(await core.outcomes.get(principal.workspace.id, id))) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${req.params.uri} is not an outcome of this workspace.`);
        session.subscriptions.add(req.params.uri);
        return {};
      }),
    );
    server.server.setRequestHandler('resources/unsubscribe', async (req) => {
      session.subscriptions.delete(req.params.uri);
      return {};
    });
    await server.connect(session.transport);
    const response = await session.transport.handleRequest(request, { parsedBody, authInfo });
    if (session.transport.sessionId === undefined) {
      // The initialize was refused by the SDK: no session, so nothing is held.
      session.release();
      await server.close().catch(() => undefined);
    }
    return response;
  }

  return {
    open,
    find,
    close,
    /** Every session that subscribed to `uri`. */
    subscribedTo(uri: string): LegacySession[] {
      return [...sessions.values()].filter((session) => session.subscriptions.has(uri));
    },
    async closeAll(): Promise<void> {
      await Promise.all([...sessions.keys()].map(close));
    },
  };
}
