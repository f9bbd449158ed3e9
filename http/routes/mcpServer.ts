import { randomUUID } from 'node:crypto';
import { createMcpHandler, isInitializeRequest, isLegacyRequest, McpServer, WebStandardStreamableHTTPServerTransport, type AuthInfo } from '@modelcontextprotocol/server';
import type { Middleware } from 'koa';
import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import { errors } from '../../runtime/errors.js';
import { createCrewdMcpServer } from '../../runtime/mcp/createCrewdMcpServer.js';
import type { CrewdMcpDeps } from '../../runtime/mcp/mcpDeps.js';
import { answerTaskMessage, isTaskMessage } from '../../runtime/mcp/outcomeTasks.js';
import { outcomeIdOfUri, outcomeUri } from '../../runtime/mcp/outcomeUri.js';
import { requirePermission } from '../../runtime/mcp/permission.js';
import type { JsonSchema } from '../../schemas/types.js';
import type { AppContext, AppState } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { createValidators } from '../validation.js';
import { decodeCursor, encodeCursor, outcomeView, revisionView } from '../views/outcome.js';
import { mcpApprovalDeps } from './mcpApprovals.js';

export const mcpPath = '/mcp';
/** 2025-11-25 sessions kept at most; the oldest is closed beyond (each holds one server instance). */
const maxSessions = 1000;

interface LegacySession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  keyId: string;
  subscriptions: Set<string>;
}

/** The runtime reads and commands the MCP tools use, with the REST layer's validation and views. */
function mcpDeps(deps: HttpDeps): CrewdMcpDeps {
  const validators = createValidators();
  return {
    engine: deps.engine,
    outcomes: deps.repos.outcomes,
    eventBus: deps.eventBus,
    problemOf(schema: JsonSchema, value: unknown) {
      try {
        validators.body(schema)(value);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    },
    outcomeView,
    revisionView,
    // The same page GET /v1/outcomes answers (http/routes/outcomes.ts), from an already validated query.
    async listOutcomes(workspaceId, query) {
      const limit = Number(query.limit ?? 10);
      const after = typeof query.cursor === 'string' ? decodeCursor(query.cursor) : undefined;
      if (after === null) throw new Error('The cursor is not one this service gave out; pass pagination.next_cursor of a previous page.');
      const rows = await deps.repos.outcomes.list(workspaceId, {
        limit: limit + 1,
        ...(typeof query.status === 'string' ? { status: query.status } : {}),
        ...(typeof query.crew === 'string' ? { crew: query.crew } : {}),
        ...(typeof query.created_after === 'string' ? { createdAfter: new Date(query.created_after).toISOString() } : {}),
        ...(typeof query.created_before === 'string' ? { createdBefore: new Date(query.created_before).toISOString() } : {}),
        ...(after ? { after } : {}),
      });
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return { data: page.map(outcomeView), pagination: { next_cursor: hasMore ? encodeCursor(page.at(-1)!) : null, has_more: hasMore } };
    },
    version: deps.version,
    ...(deps.approvals ? { approvals: mcpApprovalDeps({ ...deps, approvals: deps.approvals }) } : {}),
  };
}

/** The Koa request as a web Request for the SDK; the body was parsed by parseBody and goes separately. */
function webRequestOf(ctx: AppContext, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://${ctx.host || 'localhost'}${ctx.originalUrl}`, { method: ctx.method, headers, signal });
}

/** Writes the SDK's answer (JSON, or an SSE stream kept open until either side ends it). */
async function send(ctx: AppContext, response: Response): Promise<void> {
  ctx.respond = false;
  const res = ctx.res;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // the client went away or the stream was cancelled: nothing left to write
  } finally {
    res.off('close', stop);
    res.end();
  }
}

/**
 * `/mcp`: crewd as an MCP server over Streamable HTTP (DESIGN section 10). The request already
 * passed the service's own key check (401 without a valid key) and rate limit; here it is routed by
 * protocol generation: 2026-07-28 requests are stateless (one server instance per request,
 * subscriptions over `subscriptions/listen`), 2025-11-25 clients get a session (`Mcp-Session-Id`)
 * bound to the key that opened it, with `resources/subscribe`, the GET notification stream and
 * deploy_crew as a task (runtime/mcp/outcomeTasks.ts).
 * Each outcome event sends `notifications/resources/updated` for `crewd://outcomes/{id}` to
 * whoever subscribed to it.
 */
export function createMcpEndpoint(deps: HttpDeps) {
  const core = mcpDeps(deps);
  const principalOf = (authInfo: AuthInfo | undefined) => authInfo?.extra?.principal as AuthenticatedKey;
  const onerror = (error: Error) => deps.logger.debug({ err: error }, 'mcp request refused');
  const modern = createMcpHandler(({ authInfo }) => createCrewdMcpServer(core, principalOf(authInfo)), { legacy: 'reject', onerror });
  const sessions = new Map<string, LegacySession>();

  const stopListening = deps.eventBus.subscribe((events) => {
    const uris = new Set(events.flatMap((event) => (event.outcome_id ? [outcomeUri(event.outcome_id)] : [])));
    for (const uri of uris) {
      modern.notify.resourceUpdated(uri);
      for (const session of sessions.values()) {
        if (session.subscriptions.has(uri)) void session.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
      }
    }
  });

  async function openSession(principal: AuthenticatedKey, request: Request, parsedBody: unknown, authInfo: AuthInfo): Promise<Response> {
    const server = createCrewdMcpServer(core, principal, { tasks: true });
    const session: LegacySession = {
      server,
      keyId: principal.keyId,
      subscriptions: new Set(),
      transport: new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, session);
          if (sessions.size > maxSessions) void closeSession(sessions.keys().next().value!);
        },
        onsessionclosed: (id) => void closeSession(id),
      }),
    };
    // Subscriptions belong to the session; only outcomes of the key's workspace can be subscribed to.
    server.server.setRequestHandler('resources/subscribe', async (req) => {
      requirePermission(principal, 'outcomes:read', 'subscribing to an outcome');
      const id = outcomeIdOfUri(req.params.uri);
      if (!id || !(await core.outcomes.get(principal.workspace.id, id))) throw new Error(`${req.params.uri} is not an outcome of this workspace.`);
      session.subscriptions.add(req.params.uri);
      return {};
    });
    server.server.setRequestHandler('resources/unsubscribe', async (req) => {
      session.subscriptions.delete(req.params.uri);
      return {};
    });
    await server.connect(session.transport);
    return session.transport.handleRequest(request, { parsedBody, authInfo });
  }

  async function closeSession(id: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.server.close().catch(() => undefined);
  }

  // Every other path passes through a plain function (no promise of this layer).
  const middleware: Middleware<AppState> = (ctx, next) => (ctx.path === mcpPath ? answer(ctx) : next());
  const answer = async (ctx: Parameters<Middleware<AppState>>[0]): Promise<void> => {
    const principal = ctx.state.auth;
    // requireKey answered 401 already for a request without a valid key.
    if (!principal) throw errors.unauthorized('missing');
    const aborted = new AbortController();
    ctx.res.once('close', () => aborted.abort());
    const request = webRequestOf(ctx as AppContext, aborted.signal);
    const parsedBody = ctx.state.body;
    const authInfo: AuthInfo = { token: principal.keyId, clientId: principal.keyId, scopes: principal.permissions, extra: { principal } };

    if (!(await isLegacyRequest(request, parsedBody))) {
      await send(ctx as AppContext, await modern.fetch(request, { authInfo, ...(parsedBody !== undefined ? { parsedBody } : {}) }));
      return;
    }
    const sessionId = ctx.get('mcp-session-id');
    const session = sessionId ? sessions.get(sessionId) : undefined;
    if (session && session.keyId === principal.keyId && isTaskMessage(parsedBody)) {
      // Tasks (2025-11-25) are answered here: the SDK's tools/call handler answers only the direct call.
      ctx.set('Content-Type', 'application/json');
      ctx.body = await answerTaskMessage(core, principal, parsedBody, aborted.signal);
    } else if (session && session.keyId === principal.keyId) {
      await send(ctx as AppContext, await session.transport.handleRequest(request, { parsedBody, authInfo }));
    } else if (!sessionId && ctx.method === 'POST' && isInitializeRequest(parsedBody)) {
      await send(ctx as AppContext, await openSession(principal, request, parsedBody, authInfo));
    } else {
      // An unknown session (or one opened by another key) is gone as far as this caller knows.
      ctx.status = sessionId ? 404 : 400;
      ctx.body = { jsonrpc: '2.0', id: null, error: { code: -32000, message: sessionId ? 'Session not found: initialize again.' : 'Bad request: send initialize first, or a 2026-07-28 request with its _meta envelope.' } };
    }
  };

  return {
    middleware,
    /** Ends every session and in-flight exchange (before the HTTP server drains). */
    async close(): Promise<void> {
      stopListening();
      await Promise.all([...sessions.keys()].map(closeSession));
      await modern.close();
    },
  };
}
