import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { createOAuthMetadata, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { localhostAllowedHostnames } from '@modelcontextprotocol/server';
import type { Middleware } from 'koa';
import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import { isScope, scopes, type Scope } from '../../runtime/auth/scopes.js';
import { createGuardedFetch } from '../../runtime/tools/guardedFetch.js';
import type { AppState } from '../context.js';
import type { HttpDeps } from '../deps.js';
import { createMcpOAuthClients } from './clients.js';
import { consentPage } from './consentPage.js';
import { accessTokenPrefix, createMcpOAuthGrants } from './grants.js';
import { createMcpOAuthProvider } from './provider.js';

const paths = new Set(['/authorize', '/token', '/revoke', '/oauth/consent', '/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']);
type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `/mcp` as an OAuth 2.1 protected resource with crewd's own authorization server
 * (docs/mcp-server.md "Connecting with OAuth"), built on the MCP SDK's authorization router
 * (`mcpAuthRouter` of @modelcontextprotocol/sdk, Express): RFC 8414 and RFC 9728 metadata,
 * `/authorize` (code + PKCE S256) answered with crewd's consent page, `/token` (code, refresh),
 * `/revoke`. The issuer is CREWD_PUBLIC_URL; without it OAuth is offered on a localhost address
 * only (the issuer must not follow a Host header an attacker chooses).
 */
export function createMcpOAuthServer(deps: HttpDeps): McpOAuthServer {
  const grants = createMcpOAuthGrants({ repos: deps.repos, clock: deps.clock });
  const guardedFetch = createGuardedFetch({ allowPrivate: deps.config.allowPrivateUrls });
  const clients = createMcpOAuthClients(deps.config.mcpServer.oauthClients, guardedFetch, deps.clock);
  const apps = new Map<string, NodeHandler>();

  /** The issuer for a request: CREWD_PUBLIC_URL, or this localhost address; undefined elsewhere. */
  function baseOf(host: string): string | undefined {
    if (deps.config.publicUrl) return deps.config.publicUrl;
    const hostname = host.replace(/:\d+$/, '').toLowerCase();
    return localhostAllowedHostnames().includes(hostname) ? `http://${host}` : undefined;
  }

  function appFor(base: string): NodeHandler {
    const found = apps.get(base);
    if (found) return found;
    const issuerUrl = new URL(base);
    const resource = new URL(`${base}/mcp`);
    const provider = createMcpOAuthProvider(clients, grants, resource);
    const app = express();
    app.disable('x-powered-by');
    const metadata = { ...createOAuthMetadata({ provider, issuerUrl, scopesSupported: [...scopes] }), client_id_metadata_document_supported: true };
    const protectedResource = { resource: resource.href, authorization_servers: [issuerUrl.href], scopes_supported: [...scopes], bearer_methods_supported: ['header'], resource_name: 'crewd' };
    app.get('/.well-known/oauth-authorization-server', (_req, res) => void res.set('Access-Control-Allow-Origin', '*').json(metadata));
    app.get(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'], (_req, res) => void res.set('Access-Control-Allow-Origin', '*').json(protectedResource));
    app.post('/oauth/consent', express.urlencoded({ extended: false, limit: '16kb' }), (req, res, next) => {
      answerConsent(req.body as Record<string, unknown>, res, base).catch(next);
    });
    app.use(mcpAuthRouter({ provider, issuerUrl, resourceServerUrl: resource, scopesSupported: [...scopes], resourceName: 'crewd' }));
    // What no route answers, and any error a route passes on, is a bare 404 (the endpoints' own
    // errors are answered by the SDK's handlers before this).
    const notFound = (res: ServerResponse) => {
      res.statusCode = 404;
      res.end();
    };
    app.use((_req: IncomingMessage, res: ServerResponse) => notFound(res));
    app.use((_error: unknown, _req: IncomingMessage, res: ServerResponse, _next: unknown) => notFound(res));
    const handler: NodeHandler = app;
    apps.set(base, handler);
    return handler;
  }

  /** The consent form: the key holder allowed (with a valid key and scopes it has) or denied. */
  async function answerConsent(body: Record<string, unknown>, res: express.Response, base: string): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    const consent = await grants.consent(String(body.consent ?? ''));
    if (!consent) {
      res.status(400).type('text').send('This authorization request expired or was already answered; start again from your MCP client.');
      return;
    }
    const back = new URL(consent.redirect_uri!);
    if (consent.state) back.searchParams.set('state', consent.state);
    back.searchParams.set('iss', new URL(base).href);
    const requested = JSON.parse(consent.scopes) as string[];
    const again = (error: string) => void res.status(400).type('html').send(consentPage({ clientName: consent.client_id, redirectHost: back.host, consent: String(body.consent), requested, error }));
    if (body.decision !== 'allow') {
      await grants.deny(consent);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The key holder denied the request.');
      res.redirect(302, back.href);
      return;
    }
    const verified = await deps.keys.verify(String(body.api_key ?? '').trim());
    if (!verified.ok) return again(`That API key cannot sign in (${verified.reason.replace(/_/g, ' ')}).`);
    const chosen = ([] as unknown[]).concat(body.scope ?? []).map(String);
    if (chosen.length === 0) return again('Tick at least one permission.');
    const missing = chosen.find((scope) => !isScope(scope) || !verified.key.permissions.includes(scope));
    if (missing) return again(`This key lacks the ${missing} permission; untick it or sign in with another key.`);
    const code = await grants.approve(consent, verified.key, chosen as Scope[]);
    back.searchParams.set('code', code);
    res.redirect(302, back.href);
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
    const handler = appFor(base);
    ctx.respond = false;
    return new Promise<void>((resolve) => {
      ctx.res.once('close', resolve);
      ctx.res.once('finish', resolve);
      handler(ctx.req, ctx.res);
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
