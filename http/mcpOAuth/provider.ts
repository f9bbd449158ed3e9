import type { Response } from 'express';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidScopeError, InvalidTargetError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { isScope } from '../../runtime/auth/scopes.js';
import { consentPage } from './consentPage.js';
import type { McpOAuthGrants } from './grants.js';

/**
 * crewd's side of the MCP SDK's authorization router (`mcpAuthRouter`): the router validates each
 * request (client, redirect URI, PKCE S256, grant types) and checks the code verifier; this answers
 * with crewd's consent page and grants. Tokens are only for `resource` (crewd's /mcp).
 */
export function createMcpOAuthProvider(clientsStore: OAuthRegisteredClientsStore, grants: McpOAuthGrants, resource: URL): OAuthServerProvider {
  return {
    get clientsStore() {
      return clientsStore;
    },
    async authorize(client, params, res: Response) {
      if (params.resource && params.resource.href.replace(/#.*$/, '') !== resource.href) throw new InvalidTargetError(`This authorization server issues tokens for ${resource.href} only.`);
      const unknown = (params.scopes ?? []).find((scope) => !isScope(scope));
      if (unknown) throw new InvalidScopeError(`Unknown scope ${unknown}.`);
      const consent = await grants.startConsent({ clientId: client.client_id, scopes: params.scopes ?? [], redirectUri: params.redirectUri, codeChallenge: params.codeChallenge, state: params.state, resource: resource.href });
      res.status(200).type('html').send(consentPage({ clientName: client.client_name ?? client.client_id, redirectHost: new URL(params.redirectUri).host, consent, requested: params.scopes ?? [] }));
    },
    challengeForAuthorizationCode: (client, code) => grants.challengeFor(client.client_id, code),
    exchangeAuthorizationCode: (client, code, _verifier, redirectUri, requested) => grants.exchangeCode(client.client_id, code, redirectUri, requested),
    exchangeRefreshToken: (client, refreshToken, scopes, requested) => grants.refresh(client.client_id, refreshToken, scopes, requested),
    async verifyAccessToken(token) {
      const row = await grants.access(token, resource.href);
      if (!row) throw new InvalidTokenError('The access token is not valid.');
      return { token, clientId: row.client_id, scopes: JSON.parse(row.scopes) as string[], expiresAt: Math.floor(row.expires_at / 1000), resource };
    },
    revokeToken: (client, request) => grants.revoke(client.client_id, request.token),
  };
}
