import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { createOAuthMetadata, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { isScope, scopes, type Scope } from '../../runtime/auth/scopes.js';
import type { KeyService } from '../../runtime/auth/keyService.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { consentPage } from './consentPage.js';
import type { McpOAuthGrants } from './grants.js';
import { createMcpOAuthProvider } from './provider.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface AuthAppDeps {
  clients: OAuthRegisteredClientsStore;
  grants: McpOAuthGrants;
  keys: Pick<KeyService, 'verify'>;
}

/**
 * The authorization server of one issuer `base` as an Express app: the MCP SDK's `mcpAuthRouter`
 * (metadata, /authorize, /token, /revoke) and crewd's consent form. Its own module because Express
 * and the SDK's router (about 100 modules) are loaded on the first OAuth request, not at every start
 * (./server.ts imports this module when a request needs it).
 */
export function createAuthApp(base: string, deps: AuthAppDeps): NodeHandler {
  const { clients, grants } = deps;
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
    answerConsent(req.body as Record<string, unknown>, res, base, deps).catch(next);
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
  return app;
}

/** The consent form: the key holder allowed (with a valid key and scopes it has) or denied. */
async function answerConsent(body: Record<string, unknown>, res: express.Response, base: string, { grants, keys }: AuthAppDeps): Promise<void> {
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
  const verified = await keys.verify(String(body.api_key ?? '').trim());
  if (!verified.ok) return again(`That API key cannot sign in (${verified.reason.replace(/_/g, ' ')}).`);
  const chosen = ([] as unknown[]).concat(body.scope ?? []).map(String);
  if (chosen.length === 0) return again('Tick at least one permission.');
  const missing = chosen.find((scope) => !isScope(scope) || !verified.key.permissions.includes(scope));
  if (missing) return again(`This key lacks the ${missing} permission; untick it or sign in with another key.`);
  const code = await grants.approve(consent, verified.key, chosen as Scope[]);
  back.searchParams.set('code', code);
  res.redirect(302, back.href);
}
