import * as schemas from '../../schemas/tools.js';
import { errors } from '../../runtime/errors.js';
import { authOf, type AppContext } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { withBody, type RouteSpec } from '../route.js';

/** The `workspace_id` a request names must be its key's workspace; any other is "not there" (404). */
function workspaceOf(ctx: AppContext, named: unknown): string {
  const own = authOf(ctx).workspace.id;
  if (named !== own) throw errors.notFound('Workspace', { workspace_id: named ?? null });
  return own;
}

/** Tool connections endpoints (spec: Tool connections; DESIGN sections 5 and 9). */
export function mcpRoutes(deps: HttpDeps): RouteSpec[] {
  const { tools } = deps;
  return [
    {
      method: 'get',
      path: '/api/mcp/connections',
      tag: 'tool connections',
      summary: "List the workspace's tool connections with their discovered tools and call counts",
      query: schemas.workspaceQuery,
      responses: { 200: schemas.connectionList },
      async handler(ctx) {
        const workspaceId = workspaceOf(ctx, ctx.state.query?.workspace_id);
        const connections = await tools.connections.list(workspaceId);
        ctx.body = { connections, total_count: connections.length };
      },
    },
    withBody({
      method: 'post',
      path: '/api/mcp/connect',
      tag: 'tool connections',
      summary: 'Connect an MCP server (a plugin id, or custom with params.url or an allowlisted params.command)',
      query: schemas.workspaceQuery,
      body: schemas.connectBody,
      responses: { 201: schemas.connected, 202: schemas.authorizationRequired },
      async handler(ctx, body) {
        const workspaceId = workspaceOf(ctx, ctx.state.query?.workspace_id);
        const { connection, authorization } = await tools.connections.connect(workspaceId, body);
        if (authorization) {
          // `{auth: "oauth"}`: the user opens the URL; the callback finishes the connect.
          ctx.status = 202;
          ctx.body = { status: 'auth_required', connection_id: connection.id, ...authorization, connection };
          return;
        }
        ctx.status = 201;
        ctx.body = {
          status: 'connected',
          connection_id: connection.id,
          tools_available: connection.available_tools.length,
          tools: connection.available_tools,
          connection,
        };
      },
    }),
    {
      method: 'delete',
      path: '/api/mcp/disconnect/:connection_id',
      tag: 'tool connections',
      summary: 'Disconnect a tool connection and clean up its data; the call log stays for analytics',
      params: { connection_id: schemas.connectionIdParam },
      query: schemas.workspaceQuery,
      responses: { 200: schemas.disconnected },
      async handler(ctx) {
        const workspaceId = workspaceOf(ctx, ctx.state.query?.workspace_id);
        await tools.connections.disconnect(workspaceId, ctx.params.connection_id!);
        ctx.body = { status: 'disconnected', connection_id: ctx.params.connection_id };
      },
    },
    {
      method: 'get',
      path: '/api/mcp/analytics/:workspace_id',
      tag: 'tool connections',
      summary: 'Tool usage per server type, from the call log',
      params: { workspace_id: schemas.workspaceIdParam },
      responses: { 200: schemas.analytics },
      async handler(ctx) {
        const workspaceId = workspaceOf(ctx, ctx.params.workspace_id);
        ctx.body = await tools.service.analytics(workspaceId);
      },
    },
  ];
}
