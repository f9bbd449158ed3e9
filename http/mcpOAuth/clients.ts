import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Clock } from '../../runtime/clock.js';
import type { GuardedFetch } from '../../runtime/tools/guardedFetch.js';
import type { McpOAuthClientConfig } from '../../runtime/mcpServerConfig.js';

const cacheMs = 5 * 60_000;
const maxDocumentBytes = 16 * 1024;

/**
 * The clients crewd's authorization server knows: the pre-registered ones of
 * CREWD_MCP_OAUTH_CLIENTS, and any client whose `client_id` is an https URL serving its Client ID
 * Metadata Document (draft-ietf-oauth-client-id-metadata-document): fetched through the SSRF
 * guard (no private addresses, no redirects), at most 16 KiB, its `client_id` the URL itself, and
 * kept 5 minutes. Such a client is public (PKCE, no secret).
 */
export function createMcpOAuthClients(registered: McpOAuthClientConfig[], guardedFetch: GuardedFetch, clock: Clock): OAuthRegisteredClientsStore {
  const known = new Map(registered.map((client) => [client.client_id, clientOf(client)]));
  const fetched = new Map<string, { client: OAuthClientInformationFull; until: number }>();

  async function metadataDocument(url: string): Promise<OAuthClientInformationFull | undefined> {
    const cached = fetched.get(url);
    if (cached && cached.until > clock.now().getTime()) return cached.client;
    let document: Record<string, unknown>;
    try {
      const response = await guardedFetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
      const text = await response.text();
      if (response.status !== 200 || text.length > maxDocumentBytes) return undefined;
      document = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    const redirects = document.redirect_uris;
    if (document.client_id !== url || !Array.isArray(redirects) || redirects.length === 0 || !redirects.every((uri) => typeof uri === 'string' && URL.canParse(uri))) return undefined;
    const client = clientOf({ client_id: url, redirect_uris: redirects as string[], ...(typeof document.client_name === 'string' ? { client_name: document.client_name } : {}) });
    if (fetched.size >= 1000) fetched.delete(fetched.keys().next().value!);
    fetched.set(url, { client, until: clock.now().getTime() + cacheMs });
    return client;
  }

  return {
    async getClient(clientId) {
      const found = known.get(clientId);
      if (found) return found;
      if (!/^https?:\/\//.test(clientId) || !URL.canParse(clientId)) return undefined;
      return metadataDocument(clientId);
    },
  };
}

function clientOf(config: McpOAuthClientConfig): OAuthClientInformationFull {
  return {
    client_id: config.client_id,
    redirect_uris: config.redirect_uris,
    ...(config.client_name ? { client_name: config.client_name } : {}),
    ...(config.client_secret ? { client_secret: config.client_secret, token_endpoint_auth_method: 'client_secret_post' } : { token_endpoint_auth_method: 'none' }),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}
