import { mcpServerCard } from '../../schemas/mcpServerCard.js';
import type { AppContext } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { mcpPath } from './mcpServer.js';

/** The protocol revisions /mcp serves (http/routes/mcpServer.ts routes each by generation). */
export const mcpProtocolVersions = ['2026-07-28', '2025-11-25'];

/** The service's address as clients reach it: CREWD_PUBLIC_URL, else the request's own origin. */
export function publicBaseOf(deps: HttpDeps, ctx: AppContext): string {
  return deps.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;
}

/**
 * Discovery before connecting: the MCP Server Card (SEP-2127) at
 * `/.well-known/mcp/server-card.json`, naming `/mcp`, the revisions it speaks and the credential it
 * takes, so a client that knows only the host finds the endpoint.
 */
export function mcpDiscoveryRoutes(deps: HttpDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/.well-known/mcp/server-card.json',
      tag: 'system',
      operationId: 'getMcpServerCard',
      summary: "The MCP Server Card: where crewd's MCP endpoint is and what it speaks",
      responses: { 200: mcpServerCard },
      handler(ctx) {
        const base = publicBaseOf(deps, ctx);
        const host = new URL(base).hostname;
        ctx.set('Access-Control-Allow-Origin', '*');
        ctx.body = {
          $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
          name: `${host.split('.').reverse().join('.')}/crewd`,
          title: 'crewd',
          version: deps.version,
          description: 'Deploy AI crews (writer, mind, pilot) on a brief and follow their outcomes.',
          remotes: [
            {
              type: 'streamable-http',
              url: `${base}${mcpPath}`,
              supportedProtocolVersions: mcpProtocolVersions,
              headers: [{ name: 'Authorization', description: 'Bearer <API key> (crew_sk_...)', isRequired: true, isSecret: true }],
            },
          ],
        };
      },
    },
  ];
}
