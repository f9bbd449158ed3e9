import { createMcpHandler, isInitializeRequest, isLegacyRequest, type AuthInfo } from '@modelcontextprotocol/server';
import type { Middleware } from 'koa';
import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import { errors } from '../../runtime/errors.js';
import { createCrewdMcpServer } from '../../runtime/mcp/createCrewdMcpServer.js';
import { answerTaskMessage, isTaskMessage } from '../../runtime/mcp/outcomeTasks.js';
import { outcomeUri } from '../../runtime/mcp/outcomeUri.js';
import type { AppContext, AppState } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { mcpDeps } from './mcpCore.js';
import { send, webRequestOf } from './mcpHttp.js';
import { createListenGuard, isListenRequest } from './mcpListenGuard.js';
import { mcpOriginCheck } from './mcpOrigin.js';
import { createLegacySessions } from './mcpSessions.js';

export const mcpPath = '/mcp';

const jsonRpcError = (id: string | number | null, message: string) => ({ jsonrpc: '2.0', id, error: { code: -32000, message } });

/** The JSON-RPC id of a request body (the SDK's request types leave the envelope's id out). */
function requestIdOf(body: unknown): string | number | null {
  if (typeof body !== 'object' || body === null || !('id' in body)) return null;
  return typeof body.id === 'string' || typeof body.id === 'number' ? body.id : null;
}

/**
 * `/mcp`: crewd as an MCP server over Streamable HTTP (DESIGN section 10). The request already
 * passed the service's own key check (401 without a valid key) and rate limit; here it is routed by
 * protocol generation: 2026-07-28 requests are stateless (one server instance per request,
 * subscriptions over `subscriptions/listen`, deploy_crew as a task of the tasks extension:
 * runtime/mcp/extensionTasks.ts), 2025-11-25 clients get a session (`Mcp-Session-Id`) bound to
 * the key that opened it, with `resources/subscribe`, the GET notification stream and deploy_crew
 * as a task (runtime/mcp/outcomeTasks.ts; `tasks/result` asks for input: legacyTaskResult.ts).
 * Each outcome event sends `notifications/resources/updated` for `crewd://outcomes/{id}` to
 * whoever subscribed to it; subscribing (either generation) needs `outcomes:read` and an outcome
 * of the key's workspace. A browser `Origin` other than localhost and the configured ones is
 * refused (mcpOrigin.ts); sessions and listen streams are capped per key and per workspace.
 */
export function createMcpEndpoint(deps: HttpDeps) {
  const core = mcpDeps(deps);
  const limits = deps.config.mcpServer;
  const principalOf = (authInfo: AuthInfo | undefined) => authInfo?.extra?.principal as AuthenticatedKey;
  const onerror = (error: Error) => deps.logger.debug({ err: error }, 'mcp request refused');
  const modern = createMcpHandler(({ authInfo }) => createCrewdMcpServer(core, principalOf(authInfo), { tasksExtension: true }), { legacy: 'reject', onerror, maxSubscriptions: limits.maxListens });
  const sessions = createLegacySessions(core, { perKey: limits.sessionsPerKey, perWorkspace: limits.sessionsPerWorkspace, total: limits.maxSessions }, { clock: deps.clock, idleMs: limits.sessionIdleMs });
  const admitListen = createListenGuard(core, { perKey: limits.listensPerKey, perWorkspace: limits.listensPerWorkspace, total: limits.maxListens });
  const checkOrigin = mcpOriginCheck(limits.allowedOrigins, deps.config.publicUrl);

  const stopListening = deps.eventBus.subscribe((events) => {
    const uris = new Set(events.flatMap((event) => (event.outcome_id ? [outcomeUri(event.outcome_id)] : [])));
    for (const uri of uris) {
      // Only listens and sessions of the outcome's workspace hold its URI (checked when subscribing).
      modern.notify.resourceUpdated(uri);
      for (const session of sessions.subscribedTo(uri)) void session.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
    }
  });

  // Every other path passes through a plain function (no promise of this layer).
  const middleware: Middleware<AppState> = (ctx, next) => (ctx.path === mcpPath ? answer(ctx) : next());
  const answer = async (ctx: Parameters<Middleware<AppState>>[0]): Promise<void> => {
    checkOrigin(ctx.get('Origin') || undefined);
    const principal = ctx.state.auth;
    // requireKey answered 401 already for a request without a valid key.
    if (!principal) throw errors.unauthorized('missing');
    const aborted = new AbortController();
    ctx.res.once('close', () => aborted.abort());
    const request = webRequestOf(ctx as AppContext, aborted.signal);
    const parsedBody = ctx.state.body;
    const authInfo: AuthInfo = { token: principal.keyId, clientId: principal.keyId, scopes: principal.permissions, extra: { principal } };

    if (!(await isLegacyRequest(request, parsedBody))) {
      const admitted = isListenRequest(parsedBody) ? await admitListen(principal, parsedBody) : undefined;
      if (admitted && 'refused' in admitted) {
        ctx.body = admitted.refused;
        return;
      }
      try {
        await send(ctx as AppContext, await modern.fetch(request, { authInfo, ...(parsedBody !== undefined ? { parsedBody } : {}) }));
      } finally {
        admitted?.release();
      }
      return;
    }
    const sessionId = ctx.get('mcp-session-id') || undefined;
    const session = sessions.find(sessionId, principal);
    if (session && isTaskMessage(parsedBody)) {
      // Tasks (2025-11-25) are answered here: the SDK's tools/call handler answers only the direct call.
      ctx.set('Content-Type', 'application/json');
      ctx.body = await answerTaskMessage(core, principal, parsedBody);
    } else if (session) {
      await send(ctx as AppContext, await session.transport.handleRequest(request, { parsedBody, authInfo }));
    } else if (!sessionId && ctx.method === 'POST' && isInitializeRequest(parsedBody)) {
      const opened = await sessions.open(principal, request, parsedBody, authInfo);
      if (opened instanceof Response) return send(ctx as AppContext, opened);
      ctx.status = 429;
      ctx.body = jsonRpcError(requestIdOf(parsedBody), opened.refused);
    } else {
      // An unknown session (or one opened by another key) is gone as far as this caller knows.
      ctx.status = sessionId ? 404 : 400;
      ctx.body = jsonRpcError(null, sessionId ? 'Session not found: initialize again.' : 'Bad request: send initialize first, or a 2026-07-28 request with its _meta envelope.');
    }
  };

  return {
    middleware,
    /** Ends every session and in-flight exchange (before the HTTP server drains). */
    async close(): Promise<void> {
      stopListening();
      await sessions.closeAll();
      await modern.close();
    },
  };
}
