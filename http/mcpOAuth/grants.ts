import { createHash, randomBytes } from 'node:crypto';
import { InvalidGrantError, InvalidScopeError, InvalidTargetError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AuthenticatedKey } from '../../runtime/auth/keyService.js';
import type { Scope } from '../../runtime/auth/scopes.js';
import type { Clock } from '../../runtime/clock.js';
import type { McpOAuthGrantsRepository } from '../../storage/ports.js';
import type { McpOAuthGrantKind, McpOAuthGrantRow } from '../../storage/repositories/mcpOAuthGrants.js';

const ttlMs: Record<McpOAuthGrantKind, number> = { consent: 10 * 60_000, code: 60_000, access: 60 * 60_000, refresh: 30 * 24 * 60 * 60_000 };
const prefixes: Record<McpOAuthGrantKind, string> = { consent: 'crew_oc_', code: 'crew_ac_', access: 'crew_at_', refresh: 'crew_rt_' };

/** The prefix of crewd's OAuth access tokens, told apart from API keys (`crew_sk_`) in a bearer header. */
export const accessTokenPrefix = prefixes.access;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** What a consent asks for, as the SDK's authorize handler validated it. */
export interface ConsentRequest {
  clientId: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  resource: string;
}

/**
 * The grants of crewd's OAuth authorization server for /mcp: consents, codes, access and refresh
 * tokens, stored as SHA-256 hashes only (mcp_oauth_grants). A code is used once; a refresh token
 * rotates; using either twice revokes the whole authorization (OAuth 2.1 section 4.3.1 / 6.1).
 * Tokens carry exactly the scopes the key holder granted, a subset of their key's, in their key's
 * workspace, for one resource (RFC 8707).
 */
export function createMcpOAuthGrants(deps: { repos: { mcpOAuthGrants: McpOAuthGrantsRepository }; clock: Clock }): McpOAuthGrants {
  const grants = deps.repos.mcpOAuthGrants;
  const now = () => deps.clock.now().getTime();

  async function issue(kind: McpOAuthGrantKind, base: Omit<McpOAuthGrantRow, 'id' | 'kind' | 'token_hash' | 'expires_at' | 'used_at' | 'revoked_at' | 'created_at'>): Promise<string> {
    const secret = prefixes[kind] + randomBytes(30).toString('base64url');
    const at = now();
    await grants.insert({ ...base, id: `og_${randomBytes(12).toString('hex')}`, kind, token_hash: hashOf(secret), expires_at: at + ttlMs[kind], used_at: null, revoked_at: null, created_at: at });
    return secret;
  }

  /** The live row of `kind` for a secret, or undefined (unknown, expired or revoked). */
  async function live(kind: McpOAuthGrantKind, secret: string): Promise<McpOAuthGrantRow | undefined> {
    const row = await grants.byHash(hashOf(secret));
    if (!row || row.kind !== kind || row.revoked_at !== null || row.expires_at <= now()) return undefined;
    return row;
  }

  /** Uses a row once; a second use revokes its whole authorization and fails. */
  async function useOnce(row: McpOAuthGrantRow, what: string): Promise<void> {
    if (await grants.use(row.id, now())) return;
    await grants.revokeFamily(row.family, now());
    throw new InvalidGrantError(`This ${what} was already used; the authorization it belongs to is revoked.`);
  }

  async function tokensFor(row: McpOAuthGrantRow, scopes: string[]): Promise<OAuthTokens> {
    const base = { family: row.family, client_id: row.client_id, key_id: row.key_id, workspace_id: row.workspace_id, scopes: JSON.stringify(scopes), resource: row.resource, redirect_uri: null, code_challenge: null, state: null };
    const [access, refresh] = [await issue('access', base), await issue('refresh', base)];
    return { access_token: access, token_type: 'Bearer', expires_in: ttlMs.access / 1000, refresh_token: refresh, scope: scopes.join(' ') };
  }

  const sameResource = (row: McpOAuthGrantRow, resource: URL | undefined) => {
    if (resource && resource.href.replace(/#.*$/, '') !== row.resource) throw new InvalidTargetError(`This grant is for ${row.resource}, not ${resource.href}.`);
  };

  return {
    /** Records a consent the key holder has yet to give; the secret goes into the consent page. */
    startConsent(request: ConsentRequest): Promise<string> {
      return issue('consent', {
        family: `of_${randomBytes(12).toString('hex')}`,
        client_id: request.clientId,
        key_id: null,
        workspace_id: null,
        scopes: JSON.stringify(request.scopes),
        resource: request.resource,
        redirect_uri: request.redirectUri,
        code_challenge: request.codeChallenge,
        state: request.state ?? null,
      });
    },
    /** The pending consent of a secret, or undefined when unknown, used or expired. */
    async consent(secret: string): Promise<McpOAuthGrantRow | undefined> {
      const row = await live('consent', secret);
      return row && row.used_at === null ? row : undefined;
    },
    /** The key holder allowed `scopes` (a subset of their key's): the code for the redirect. */
    async approve(consent: McpOAuthGrantRow, key: AuthenticatedKey, scopes: Scope[]): Promise<string> {
      await useOnce(consent, 'consent');
      return issue('code', { ...consent, key_id: key.keyId, workspace_id: key.workspace.id, scopes: JSON.stringify(scopes) });
    },
    /** The key holder refused: the consent is used up. */
    async deny(consent: McpOAuthGrantRow): Promise<void> {
      await useOnce(consent, 'consent');
    },
    async challengeFor(clientId: string, code: string): Promise<string> {
      const row = await live('code', code);
      if (!row || row.client_id !== clientId) throw new InvalidGrantError('The authorization code is not valid for this client.');
      return row.code_challenge!;
    },
    async exchangeCode(clientId: string, code: string, redirectUri: string | undefined, resource: URL | undefined): Promise<OAuthTokens> {
      const row = await live('code', code);
      if (!row || row.client_id !== clientId) throw new InvalidGrantError('The authorization code is not valid for this client.');
      if (redirectUri !== undefined && redirectUri !== row.redirect_uri) throw new InvalidGrantError('redirect_uri differs from the one of the authorization request.');
      sameResource(row, resource);
      await useOnce(row, 'authorization code');
      return tokensFor(row, JSON.parse(row.scopes) as string[]);
    },
    async refresh(clientId: string, refreshToken: string, scopes: string[] | undefined, resource: URL | undefined): Promise<OAuthTokens> {
      const row = await live('refresh', refreshToken);
      if (!row || row.client_id !== clientId) throw new InvalidGrantError('The refresh token is not valid for this client.');
      sameResource(row, resource);
      const granted = JSON.parse(row.scopes) as string[];
      const wanted = scopes && scopes.length > 0 ? scopes : granted;
      const extra = wanted.find((scope) => !granted.includes(scope));
      if (extra) throw new InvalidScopeError(`The scope ${extra} was not granted.`);
      await useOnce(row, 'refresh token');
      return tokensFor(row, wanted);
    },
    /** Revokes the authorization of an access or refresh token of `clientId`; unknown tokens are ignored (RFC 7009). */
    async revoke(clientId: string, token: string): Promise<void> {
      const row = await grants.byHash(hashOf(token));
      if (row && row.client_id === clientId && (row.kind === 'access' || row.kind === 'refresh')) await grants.revokeFamily(row.family, now());
    },
    /** The grant behind an access token when it is live and for `resource`; else undefined. */
    async access(token: string, resource: string): Promise<McpOAuthGrantRow | undefined> {
      const row = await live('access', token);
      return row && row.resource === resource ? row : undefined;
    },
  };
}

export interface McpOAuthGrants {
  /** Records a consent the key holder has yet to give; the secret goes into the consent page. */
  startConsent(request: ConsentRequest): Promise<string>;
  /** The pending consent of a secret, or undefined when unknown, used or expired. */
  consent(secret: string): Promise<McpOAuthGrantRow | undefined>;
  /** The key holder allowed `scopes` (a subset of their key's): the code for the redirect. */
  approve(consent: McpOAuthGrantRow, key: AuthenticatedKey, scopes: Scope[]): Promise<string>;
  /** The key holder refused: the consent is used up. */
  deny(consent: McpOAuthGrantRow): Promise<void>;
  challengeFor(clientId: string, code: string): Promise<string>;
  exchangeCode(clientId: string, code: string, redirectUri: string | undefined, resource: URL | undefined): Promise<OAuthTokens>;
  refresh(clientId: string, refreshToken: string, scopes: string[] | undefined, resource: URL | undefined): Promise<OAuthTokens>;
  /** Revokes the authorization of an access or refresh token of `clientId`; unknown tokens are ignored (RFC 7009). */
  revoke(clientId: string, token: string): Promise<void>;
  /** The grant behind an access token when it is live and for `resource`; else undefined. */
  access(token: string, resource: string): Promise<McpOAuthGrantRow | undefined>;
}
