import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { OAuthCredentialRow } from '../../../storage/repositories/oauthCredentials.js';
import type { Clock } from '../../clock.js';
import type { SecretCipher } from '../../secrets/cipher.js';
import type { SealedCredentials, StoredDiscovery } from '../ports.js';

export type { SealedCredentials, StoredDiscovery };

/**
 * Reads and writes the sealed columns of an OAuth credential row: tokens, client information and
 * the PKCE verifier go through the secret cipher (AES-256-GCM, like every secret); the discovery
 * (public metadata) is plain JSON. `expires_at` is derived from `expires_in` when tokens are
 * saved, with the injected clock, so a refresh can be claimed on it.
 */
export function sealedCredentials(cipher: SecretCipher, clock: Clock): SealedCredentials {
  const open = <T>(value: string | null): T | undefined => (value ? (JSON.parse(cipher.decrypt(value)) as T) : undefined);
  return {
    tokens: (row: OAuthCredentialRow) => open<StoredOAuthTokens>(row.tokens),
    clientInfo: (row: OAuthCredentialRow) => open<StoredOAuthClientInformation>(row.client_info),
    codeVerifier: (row: OAuthCredentialRow) => (row.code_verifier ? cipher.decrypt(row.code_verifier) : undefined),
    discovery: (row: OAuthCredentialRow) => (row.discovery ? (JSON.parse(row.discovery) as StoredDiscovery) : undefined),
    sealTokens(tokens: StoredOAuthTokens): Pick<OAuthCredentialRow, 'tokens' | 'expires_at'> {
      const expiresIn = Number(tokens.expires_in);
      const expiresAt = Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(clock.now().getTime() + expiresIn * 1000).toISOString() : null;
      return { tokens: cipher.encrypt(JSON.stringify(tokens)), expires_at: expiresAt };
    },
    sealClientInfo: (info: StoredOAuthClientInformation) => cipher.encrypt(JSON.stringify(info)),
    sealVerifier: (verifier: string) => cipher.encrypt(verifier),
  } satisfies SealedCredentials;
}
