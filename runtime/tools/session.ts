import { Client, InMemoryTransport, type OAuthClientProvider, SSEClientTransport, StreamableHTTPClientTransport, type CallToolResult, type Tool, type Transport } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { classifyMcpError } from './errors.js';
import { standardFetch } from './oauth/standardFetch.js';
import type { GuardedFetch } from './guardedFetch.js';
import { callToolAsExtensionTask } from './tasks/callToolAsExtensionTask.js';
import { callToolAsTask } from './tasks/callToolAsTask.js';
import { createTaskPolicy } from './tasks/taskPolicy.js';

/**
 * Where a session goes: a remote server over HTTP, an allowed local command, or a plugin in
 * process; `callLimitMs` is the connection's own wall-time limit of one call (`params.call_timeout_ms`).
 */
export type McpTarget = (
  | { kind: 'http'; url: string; headers: Record<string, string>; authProvider?: OAuthClientProvider }
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { kind: 'memory'; server: () => Promise<McpServer> }
) & { callLimitMs?: number };

export interface McpSessionOptions {
  connectTimeoutMs: number;
  fetch: GuardedFetch;
  /** Called when the server says its tool list changed (`notifications/tools/list_changed`). */
  onToolsChanged?: () => void;
  /** Called once when the transport closes without `close()` having been called. */
  onClosed?: (error: Error | undefined) => void;
}

/**
 * One live MCP client session. The era (2026-07-28 stateless, or 2025-11-25 with initialize and
 * `Mcp-Session-Id`) is negotiated by the SDK (`versionNegotiation: auto`). A 2025 session that
 * the server forgot (HTTP 404 on its session id) is re-initialized once, transparently, and the
 * request sent again.
 */
export interface McpSession {
  readonly transportKind: 'streamable_http' | 'sse' | 'stdio' | 'memory';
  era(): 'modern' | 'legacy' | undefined;
  listTools(): Promise<{ tools: Tool[]; ttlMs: number | null }>;
  /**
   * `meta` goes out as the request's `_meta` (the call's idempotency key). `timeoutMs` is how long
   * the server may stay silent: each progress notification starts it again; `wallMs` bounds the
   * whole call whatever it reports (the connection's own limit wins).
   */
  callTool(name: string, args: Record<string, unknown>, options: CallOptions): Promise<CallToolResult>;
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface CallOptions {
  timeoutMs: number;
  wallMs?: number;
  signal?: AbortSignal;
  meta?: Record<string, unknown>;
}

const clientInfo = { name: 'crewd', version: '0.1.0' };

interface Open {
  client: Client;
  transport: Transport;
  kind: McpSession['transportKind'];
}

async function connectClient(target: McpTarget, options: McpSessionOptions, useSse: boolean): Promise<Open> {
  const client = new Client(clientInfo, {
    versionNegotiation: { mode: 'auto' },
    listChanged: { tools: { onChanged: () => options.onToolsChanged?.() } },
  });
  let transport: Transport;
  let kind: McpSession['transportKind'];
  if (target.kind === 'http') {
    // An OAuth connection's provider runs the SDK's authorization (401 -> discovery, refresh, step-up).
    // (Its fetch answers global Responses, which the SDK's OAuth error parsing needs.)
    const http = target.authProvider
      ? { requestInit: { headers: target.headers }, fetch: standardFetch(options.fetch), authProvider: target.authProvider }
      : { requestInit: { headers: target.headers }, fetch: options.fetch };
    transport = useSse ? new SSEClientTransport(new URL(target.url), http) : new StreamableHTTPClientTransport(new URL(target.url), http);
    kind = useSse ? 'sse' : 'streamable_http';
  } else if (target.kind === 'stdio') {
    // The stdio transport (with cross-spawn) loads for the first stdio server, not at every start.
    const { getDefaultEnvironment, StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
    transport = new StdioClientTransport({ command: target.command, args: target.args, env: { ...getDefaultEnvironment(), ...target.env }, stderr: 'ignore' });
    kind = 'stdio';
  } else {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = await target.server();
    await server.connect(serverSide);
    transport = clientSide;
    kind = 'memory';
  }
  try {
    await client.connect(transport, { timeout: options.connectTimeoutMs });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return { client, transport, kind };
}

/** HTTP servers that do not speak Streamable HTTP answer 404/405 to its POST: try legacy SSE then. */
function wantsSseFallback(error: unknown): boolean {
  const failure = classifyMcpError(error);
  return failure.status === 404 || failure.status === 405;
}

export async function openMcpSession(target: McpTarget, options: McpSessionOptions): Promise<McpSession> {
  let open: Open;
  try {
    open = await connectClient(target, options, false);
  } catch (error) {
    if (target.kind !== 'http' || !wantsSseFallback(error)) throw error;
    open = await connectClient(target, options, true);
  }
  let closing = false;
  let closedReported = false;
  const watch = (current: Open) => {
    current.client.onclose = () => {
      if (closing || closedReported || current !== open) return;
      closedReported = true;
      options.onClosed?.(undefined);
    };
  };
  watch(open);
  // MCP tasks (issue 21): which tools are called as tasks, learned from each tools/list.
  const tasks = createTaskPolicy();
  // A session opened again (a reconnect, another process's session) may be called before anyone
  // listed its tools; the task policy is learned from tools/list, so the first call lists them.
  let learned: Promise<unknown> | undefined;

  /** Runs `request`; on an expired 2025 session, re-initializes once and runs it again. */
  async function withSession<T>(request: (client: Client) => Promise<T>): Promise<T> {
    try {
      return await request(open.client);
    } catch (error) {
      const hadSession = open.transport instanceof StreamableHTTPClientTransport && open.transport.sessionId !== undefined;
      if (!hadSession || classifyMcpError(error).reason !== 'session_expired') throw error;
      const stale = open;
      open = await connectClient(target, options, open.kind === 'sse');
      watch(open);
      await stale.client.close().catch(() => {});
      return request(open.client);
    }
  }

  async function listTools() {
    const result = await withSession((client) => client.listTools(undefined, { cacheMode: 'refresh', timeout: options.connectTimeoutMs }));
    const ttl = (result as { ttlMs?: unknown }).ttlMs;
    tasks.learn(result.tools, open.client.getServerCapabilities());
    learned ??= Promise.resolve();
    return { tools: result.tools, ttlMs: typeof ttl === 'number' && ttl > 0 ? ttl : null };
  }

  return {
    transportKind: open.kind,
    era: () => open.client.getProtocolEra(),
    listTools,
    async callTool(name, args, callOptions) {
      learned ??= listTools().catch(() => undefined);
      await learned;
      const wallMs = target.callLimitMs ?? callOptions.wallMs ?? callOptions.timeoutMs;
      // A task is polled, so only the wall limit bounds it.
      if (tasks.useTask(name)) {
        // 2026-07-28 servers offer tasks through the extension, which the SDK's client cannot decode yet.
        if (target.kind === 'http' && open.client.getProtocolEra() === 'modern' && tasks.viaExtension()) {
          const raw = { url: target.url, headers: target.headers, fetch: standardFetch(options.fetch), clientInfo, ...(target.authProvider ? { authProvider: target.authProvider } : {}) };
          return callToolAsExtensionTask(raw, name, args, { ...callOptions, timeoutMs: wallMs });
        }
        return withSession((client) => callToolAsTask(client, name, args, { ...callOptions, timeoutMs: wallMs }));
      }
      const request = {
        timeout: Math.min(callOptions.timeoutMs, wallMs),
        // Asking for progress (the SDK sends a progressToken only with onprogress) lets a long call
        // that reports it run past the silence timeout, up to the wall limit.
        onprogress: () => undefined,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: wallMs,
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
      };
      try {
        const result = await withSession((client) => client.callTool({ name, arguments: args, ...(callOptions.meta ? { _meta: callOptions.meta } : {}) }, request));
        return result as CallToolResult;
      } catch (error) {
        tasks.noteFailure(name, error);
        throw error;
      }
    },
    async ping(timeoutMs) {
      // 2026-07-28 has no `ping`; `server/discover` is the cheap request both sides always know.
      await withSession((client) => (client.getProtocolEra() === 'modern' ? client.discover({ timeout: timeoutMs }) : client.ping({ timeout: timeoutMs })));
    },
    async close() {
      closing = true;
      await open.client.close().catch(() => {});
    },
  };
}
