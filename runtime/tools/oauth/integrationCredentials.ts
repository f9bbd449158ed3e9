import { randomUUID } from 'node:crypto';
import type { StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { Repositories } from '../../../storage/index.js';
import type { Clock } from '../../clock.js';
import type { SecretCipher } from '../../secrets/cipher.js';
import type { GuardedFetch } from '../guardedFetch.js';
import type { TokenSet } from './oauthConnect.js';
import { refreshMarginMs, refreshOnce, type RefreshDeps } from './refreshOnce.js';
import { sealedCredentials } from './sealedCredentials.js';
import { standardFetch } from './standardFetch.js';

/** The vendor's OAuth client and token endpoint, as the integration's OAuth connect knows them. */
export interface VendorClient {
  tokenUrl: string;
  authorizeUrl: string;
  clientId: string;
  clientSecret?: string | undefined;
}

/** What the plugin reads among its secrets; `refused`: the vendor refused the refresh token. */
export type IntegrationTokens = Required<Pick<TokenSet, 'access_token'>> & Omit<TokenSet, 'access_token'>;

/**
 * The integrations' vendor OAuth tokens in the one credential store (`oauth_credentials`,
 * `owner_kind` `integration`, one row per workspace and integration), refreshed like a tool
 * connection's: before expiry, once across processes (refreshOnce), a blip retried, a refusal
 * reported. The vendor's token endpoint is called through the SDK's `refreshAuthorization` with
 * the vendor's endpoints as authorization-server metadata and the client's secret in the form
 * (`client_secret_post`, as the vendors expect).
 */
export function createIntegrationCredentials(deps: { repos: Repositories; cipher: SecretCipher; clock: Clock; fetch: GuardedFetch; refresh?: Pick<RefreshDeps, 'retry' | 'waitMs' | 'pollMs'> }): IntegrationCredentials {
  const repo = deps.repos.oauthCredentials;
  const sealed = sealedCredentials(deps.cipher, deps.clock);
  const fetch = standardFetch(deps.fetch);
  const processId = randomUUID();
  const idOf = (workspaceId: string, integrationId: string) => `integration:${workspaceId}:${integrationId}`;
  const now = () => deps.clock.now().toISOString();

  const view = (tokens: StoredOAuthTokens, expiresAt: string | null): IntegrationTokens => ({
    access_token: tokens.access_token,
    ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
    ...(expiresAt ? { token_expires_at: expiresAt } : {}),
  });

  return {
    /** Stores the tokens of a finished OAuth connect (replacing earlier ones). */
    async save(workspaceId: string, integrationId: string, tokens: TokenSet, client: VendorClient): Promise<void> {
      const id = idOf(workspaceId, integrationId);
      const expiresIn = tokens.token_expires_at ? Math.max(1, Math.round((Date.parse(tokens.token_expires_at) - deps.clock.now().getTime()) / 1000)) : undefined;
      const stored: StoredOAuthTokens = { access_token: tokens.access_token, token_type: 'bearer', ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}), ...(expiresIn ? { expires_in: expiresIn } : {}) };
      const issuer = new URL(client.authorizeUrl).origin;
      const discovery = {
        authorizationServerUrl: issuer,
        authorizationServerMetadata: { issuer, authorization_endpoint: client.authorizeUrl, token_endpoint: client.tokenUrl, response_types_supported: ['code'], token_endpoint_auth_methods_supported: ['client_secret_post'] },
      };
      const row = {
        server_url: null,
        status: 'authorized' as const,
        ...sealed.sealTokens(stored),
        client_info: sealed.sealClientInfo({ client_id: client.clientId, ...(client.clientSecret ? { client_secret: client.clientSecret } : {}) }),
        discovery: JSON.stringify(discovery),
        code_verifier: null,
        authorization_url: null,
        auth_state: null,
        auth_state_expires_at: null,
        refresh_claimed_until: null,
        refresh_claimed_by: null,
        updated_at: now(),
      };
      if (await repo.get(id)) await repo.update(id, row);
      else await repo.insert({ id, workspace_id: workspaceId, owner_kind: 'integration', owner_id: integrationId, created_at: now(), ...row });
    },

    /**
     * The integration's tokens to use now, refreshed first when they expire within the margin;
     * undefined when it has none in the store; `refused` when the vendor refused the refresh.
     */
    async current(workspaceId: string, integrationId: string): Promise<IntegrationTokens | 'refused' | undefined> {
      const row = await repo.get(idOf(workspaceId, integrationId));
      if (!row) return undefined;
      if (row.status === 'refused') return 'refused';
      const tokens = sealed.tokens(row);
      if (!tokens) return undefined;
      if (!tokens.refresh_token || !row.expires_at || Date.parse(row.expires_at) - deps.clock.now().getTime() > refreshMarginMs) return view(tokens, row.expires_at);
      const outcome = await refreshOnce(row, { repo, sealed, clock: deps.clock, fetch, processId, ...deps.refresh });
      if (outcome.kind === 'refused') return 'refused';
      if (outcome.kind === 'fresh') return view(outcome.tokens, (await repo.get(row.id))?.expires_at ?? null);
      return view(tokens, row.expires_at);
    },
  };
}

export interface IntegrationCredentials {
  /** Stores the tokens of a finished OAuth connect (replacing earlier ones). */
  save(workspaceId: string, integrationId: string, tokens: TokenSet, client: VendorClient): Promise<void>;
  /**
   * The integration's tokens to use now, refreshed first when they expire within the margin;
   * undefined when it has none in the store; `refused` when the vendor refused the refresh.
   */
  current(workspaceId: string, integrationId: string): Promise<IntegrationTokens | 'refused' | undefined>;
}
