import { randomBytes } from 'node:crypto';
import type { OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { OAuthCredentialsRepository } from '../../../storage/repositories/oauthCredentials.js';
import type { Clock } from '../../clock.js';
import { refreshMarginMs, refreshOnce, type RefreshDeps } from './refreshOnce.js';
import type { SealedCredentials } from './sealedCredentials.js';

/** How long a started authorization waits for the user to come back through the callback. */
export const authStateTtlMs = 10 * 60_000;

/** Where crewd is reached and how it presents itself as an OAuth client (the same for every connection). */
export interface OAuthClientIdentity {
  /** `<public url>/api/mcp/oauth/callback` */
  redirectUrl: string;
  /** crewd's client ID metadata document (`<public url>/api/mcp/oauth/client-metadata.json`), used when the server supports CIMD; https only. */
  clientMetadataUrl: string | undefined;
  metadata: OAuthClientMetadata;
}

export interface ConnectionOAuthDeps {
  credentialId: string;
  repo: OAuthCredentialsRepository;
  sealed: SealedCredentials;
  clock: Clock;
  fetch: RefreshDeps['fetch'];
  identity: OAuthClientIdentity;
  processId: string;
  refresh?: Pick<RefreshDeps, 'retry' | 'waitMs' | 'pollMs'>;
  /** Told once when the authorization server refused the refresh token (the connection needs the user again). */
  onRefused(error: string): void;
}

/**
 * The SDK's OAuthClientProvider for one tool connection, over its row of the credential store.
 * The SDK's `auth()` does discovery (RFC 9728 from the 401's WWW-Authenticate, then RFC 8414 /
 * OIDC), client identification (pre-registered client, crewd's client ID metadata document, or
 * dynamic registration), PKCE S256, the resource indicator and the scope (from the challenge, step-up
 * on insufficient_scope); this provider only persists what it hands over. `redirectToAuthorization`
 * cannot open a browser: it stores the URL for the user (the connect answer, the connection view).
 * Before each request, tokens about to expire are refreshed once across processes (refreshOnce).
 */
export function connectionOAuthProvider(deps: ConnectionOAuthDeps): OAuthClientProvider {
  const { repo, sealed } = deps;
  const id = deps.credentialId;
  const now = () => deps.clock.now().toISOString();
  const row = async () => {
    const found = await repo.get(id);
    if (!found) throw new Error(`OAuth credential ${id} is gone (the connection was removed)`);
    return found;
  };

  async function currentTokens(): Promise<StoredOAuthTokens | undefined> {
    const current = await row();
    const tokens = sealed.tokens(current);
    if (!tokens || !current.expires_at || !tokens.refresh_token) return tokens;
    if (Date.parse(current.expires_at) - deps.clock.now().getTime() > refreshMarginMs) return tokens;
    const outcome = await refreshOnce(current, { repo, sealed, clock: deps.clock, fetch: deps.fetch, processId: deps.processId, ...deps.refresh });
    if (outcome.kind === 'fresh') return outcome.tokens;
    if (outcome.kind === 'refused') {
      if (!outcome.elsewhere) deps.onRefused(outcome.error);
      return undefined;
    }
    return tokens;
  }

  return {
    get redirectUrl() {
      return deps.identity.redirectUrl;
    },
    ...(deps.identity.clientMetadataUrl ? { clientMetadataUrl: deps.identity.clientMetadataUrl } : {}),
    get clientMetadata() {
      return deps.identity.metadata;
    },
    async state() {
      const state = randomBytes(32).toString('base64url');
      await repo.update(id, { auth_state: state, auth_state_expires_at: new Date(deps.clock.now().getTime() + authStateTtlMs).toISOString(), updated_at: now() });
      return state;
    },
    async clientInformation() {
      return sealed.clientInfo(await row());
    },
    async saveClientInformation(info: StoredOAuthClientInformation) {
      await repo.update(id, { client_info: sealed.sealClientInfo(info), updated_at: now() });
    },
    // With a context the SDK's auth() reads them for its own refresh; without, it is the per-request read.
    async tokens(ctx) {
      return ctx ? sealed.tokens(await row()) : currentTokens();
    },
    async saveTokens(tokens: StoredOAuthTokens) {
      await repo.update(id, { ...sealed.sealTokens(tokens), status: 'authorized', authorization_url: null, code_verifier: null, updated_at: now() });
    },
    async redirectToAuthorization(url: URL) {
      await repo.update(id, { status: 'pending', authorization_url: url.href, updated_at: now() });
    },
    async saveCodeVerifier(verifier: string) {
      await repo.update(id, { code_verifier: sealed.sealVerifier(verifier), updated_at: now() });
    },
    async codeVerifier() {
      const verifier = sealed.codeVerifier(await row());
      if (!verifier) throw new Error('No PKCE verifier is stored for this authorization: start the connection again');
      return verifier;
    },
    async saveDiscoveryState(state: OAuthDiscoveryState) {
      const previous = sealed.discovery(await row());
      await repo.update(id, { discovery: JSON.stringify({ ...state, ...(previous?.resource ? { resource: previous.resource } : {}) }), updated_at: now() });
    },
    async discoveryState() {
      return sealed.discovery(await row());
    },
    async saveResourceUrl(resource: string) {
      const previous = sealed.discovery(await row());
      if (previous) await repo.update(id, { discovery: JSON.stringify({ ...previous, resource }), updated_at: now() });
    },
    async invalidateCredentials(scope) {
      const patch = {
        all: { tokens: null, expires_at: null, client_info: null, code_verifier: null, discovery: null },
        client: { client_info: null },
        tokens: { tokens: null, expires_at: null },
        verifier: { code_verifier: null },
        discovery: { discovery: null },
      }[scope];
      await repo.update(id, { ...patch, updated_at: now() });
    },
  };
}
