import { localhostAllowedHostnames } from '@modelcontextprotocol/server';
import type { Middleware } from 'koa';
import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import { isScope, type Scope } from '../../runtime/auth/scopes.js';
import { createGuardedFetch } from '../../runtime/tools/guardedFetch.js';
import type { AppState } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { createMcpOAuthClients } from './clients.js';
import { accessTokenPrefix, createMcpOAuthGrants } from './grants.js';
import type { NodeHandler } from './authApp.js';

const paths = new Set(['/authorize', '/token', '/revoke', '/oauth/consent', '/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']);

/**
 * `/mcp` as an OAuth 2.1 protected resource with crewd's own authorization server
 * (docs/mcp-server.md "Connecting with OAuth"), built on the MCP SDK's authorization router
 * (`mcpAuthRouter` of @modelcontextprotocol/sdk, Express): RFC 8414 and RFC 9728 metadata,
 * `/authorize` (code + PKCE S256) answered with crewd's consent page, `/token` (code, refresh),
 * `/revoke`. The issuer is CREWD_PUBLIC_URL; without it OAuth is offered on a localhost address
 * only (the issuer must not follow a Host header an attacker chooses). Express and the router load
 * on the first request to one of these paths, not at start.
 */
export function createMcpOAuthServer(deps: HttpDeps): McpOAuthServer {
  const grants = createMcpOAuthGrants({ repos: deps.repos, clock: deps.clock });
  const guardedFetch = createGuardedFetch({ allowPrivate: deps.config.allowPrivateUrls });
  const clients = createMcpOAuthClients(deps.config.mcpServer.oauthClients, guardedFetch, deps.clock);
  const apps = new Map<string, Promise<NodeHandler>>();

  /** The issuer for a request: CREWD_PUBLIC_URL, or this localhost address; undefined elsewhere. */
  function baseOf(host: string): string | undefined {
    if (deps.config.publicUrl) return deps.config.publicUrl;
    const hostname = host.replace(/:\d+$/, '').toLowerCase();
    return localhostAllowedHostnames().includes(hostname) ? `http://${host}` : undefined;
  }

  /** The issuer's app, built on its first request; Express and the SDK's router load with it (./authApp.ts). */
  function appFor(base: string): Promise<NodeHandler> {
    let app = apps.get(base);
    if (!app) {
      app = import('./authApp.js').then(({ createAuthApp }) => createAuthApp(base, { clients, grants, keys: deps.keys }));
      // A failed load is not kept: the next request tries again.
      app.catch(() => apps.delete(base));
      apps.set(base, app);
    }
    return app;
  }

  /** Answers the authorization server's paths; every other request goes on. */
  const middleware: Middleware<AppState> = (ctx, next) => {
    if (!paths.has(ctx.path)) return next();
    const base = baseOf(ctx.host);
    if (!base) {
      ctx.status = 404;
      ctx.body = { error: { code: 'oauth_not_available', message: 'OAuth for /mcp needs CREWD_PUBLIC_URL, the address clients reach this service at (or a localhost address).', details: { setting: 'CREWD_PUBLIC_URL' } } };
      return;
    }
    return appFor(base).then((handler) => {
      ctx.respond = false;
      return new Promise<void>((resolve) => {
        ctx.res.once('close', resolve);
        ctx.res.once('finish', resolve);
        handler(ctx.req, ctx.res);
      });
    });
  };

  /**
   * The principal of an OAuth access token on /mcp: the key that consented (still valid), its
   * workspace, and the granted scopes it still has. Undefined for anything else.
   */
  async function authenticate(token: string, host: string, path: string): Promise<AuthenticatedKey | undefined> {
    const base = baseOf(host);
    if (!base || path !== '/mcp') return undefined;
    const row = await grants.access(token, `${base}/mcp`);
    if (!row?.key_id || !row.workspace_id) return undefined;
    const [key, workspace] = await Promise.all([deps.repos.apiKeys.getAny(row.key_id), deps.repos.workspaces.get(row.workspace_id)]);
    const now = deps.clock.now().toISOString();
    if (!key || !workspace || key.revoked_at || (key.expires_at && key.expires_at <= now)) return undefined;
    const granted = (JSON.parse(row.scopes) as string[]).filter((scope): scope is Scope => isScope(scope) && key.permissions.includes(scope));
    return { keyId: key.id, name: `${key.name} (OAuth: ${row.client_id})`, permissions: granted, expiresAt: new Date(row.expires_at).toISOString(), workspace };
  }

  return {
    middleware,
    /** Whether a bearer secret is one of this server's access tokens. */
    isAccessToken: (secret: string) => secret.startsWith(accessTokenPrefix),
    authenticate,
    /** The WWW-Authenticate challenge of a 401 on /mcp, pointing clients to the metadata (RFC 9728). */
    challenge(host: string, tokenSent: boolean): string | undefined {
      const base = baseOf(host);
      if (!base) return undefined;
      return `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"${tokenSent ? ', error="invalid_token"' : ''}`;
    },
    close: () => guardedFetch.close(),
  };
}

export interface McpOAuthServer {
  middleware: Middleware<AppState>;
  /** Whether a bearer secret is one of this server's access tokens. */
  isAccessToken: (secret: string) => boolean;
  authenticate: (token: string, host: string, path: string) => Promise<AuthenticatedKey | undefined>;
  /** The WWW-Authenticate challenge of a 401 on /mcp, pointing clients to the metadata (RFC 9728). */
  challenge(host: string, tokenSent: boolean): string | undefined;
  close: () => Promise<void>;
}
