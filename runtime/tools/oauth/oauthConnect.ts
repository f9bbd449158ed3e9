import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Plugin } from '../../../plugins/contract.js';
import type { PluginRegistry } from '../../../plugins/registry.js';
import type { Repositories } from '../../../storage/index.js';
import type { Clock } from '../../clock.js';
import type { OAuthClientConfig } from '../../config.js';
import { errors, ServiceError } from '../../errors.js';
import type { SecretCipher } from '../../secrets/cipher.js';
import type { GuardedFetch } from '../guardedFetch.js';

/** How long a started connect may wait for its callback. */
export const stateTtlMs = 10 * 60_000;
/** Tokens are refreshed when they expire within this margin. */
export const refreshMarginMs = 60_000;

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  /** ISO time the access token expires, when the vendor said. */
  token_expires_at?: string;
}

export type CallbackAnswer = { kind: 'redirect'; location: string } | { kind: 'page'; status: 400; message: string };

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * The OAuth 2.0 authorization-code flow with PKCE (S256) for plugins that declare `oauth`
 * (DESIGN section 9). `start` records a single-use state bound to the workspace for ten minutes;
 * `callback` consumes it, exchanges the code at the vendor's token endpoint and hands the tokens
 * to `saveTokens` (encrypted with the integration's secrets). `refresh` renews an access token
 * that is about to expire. Tokens never reach a log line.
 */
export function createOAuthConnect(deps: {
  registry: PluginRegistry;
  repos: Repositories;
  cipher: SecretCipher;
  clock: Clock;
  fetch: GuardedFetch;
  logger: Logger;
  publicUrl: string | undefined;
  clients: Readonly<Record<string, OAuthClientConfig>>;
  /** Saves the tokens as the integration's secrets, marks it configured and opens its connection. */
  saveTokens: (workspaceId: string, integrationId: string, tokens: TokenSet) => Promise<void>;
}): OAuthConnect {
  const callbackUrl = () => `${deps.publicUrl}/v1/integrations/oauth/callback`;

  function endpoints(plugin: Plugin) {
    const client = deps.clients[plugin.manifest.id];
    const oauth = plugin.manifest.oauth;
    if (!oauth || !client) return undefined;
    return { client, authorizeUrl: client.authorizeUrl ?? oauth.authorizeUrl, tokenUrl: client.tokenUrl ?? oauth.tokenUrl, oauth };
  }

  async function tokenRequest(tokenUrl: string, client: OAuthClientConfig, form: Record<string, string>): Promise<TokenSet> {
    const body = new URLSearchParams({ ...form, client_id: client.clientId, ...(client.clientSecret ? { client_secret: client.clientSecret } : {}) });
    const response = await deps.fetch(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: body.toString() });
    const text = await response.text();
    let answer: Record<string, unknown> = {};
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch {
      answer = Object.fromEntries(new URLSearchParams(text));
    }
    if (!response.ok || typeof answer.access_token !== 'string') {
      throw Object.assign(new Error(`token endpoint answered HTTP ${response.status}${typeof answer.error === 'string' ? ` (${answer.error})` : ''}`), { status: response.status });
    }
    const expiresIn = Number(answer.expires_in);
    return {
      access_token: answer.access_token,
      ...(typeof answer.refresh_token === 'string' ? { refresh_token: answer.refresh_token } : {}),
      ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { token_expires_at: new Date(deps.clock.now().getTime() + expiresIn * 1000).toISOString() } : {}),
    };
  }

  return {
    /** The vendor's client and endpoints for an integration (undefined without an operator's client). */
    clientOf(integrationId: string): { tokenUrl: string; authorizeUrl: string; clientId: string; clientSecret?: string | undefined } | undefined {
      const plugin = deps.registry.get(integrationId);
      const ends = plugin ? endpoints(plugin) : undefined;
      return ends ? { tokenUrl: ends.tokenUrl, authorizeUrl: ends.authorizeUrl, clientId: ends.client.clientId, clientSecret: ends.client.clientSecret } : undefined;
    },

    /** Whether the operator gave an OAuth client for this integration. */
    available: (integrationId: string) => {
      const plugin = deps.registry.get(integrationId);
      return plugin !== undefined && endpoints(plugin) !== undefined;
    },

    async start(workspaceId: string, integrationId: string, redirectUri: string): Promise<{ authorization_url: string; state: string; expires_at: string }> {
      const plugin = deps.registry.get(integrationId);
      if (!plugin) throw errors.notFound('Integration', { integration_id: integrationId });
      const ends = endpoints(plugin);
      if (!ends) {
        throw new ServiceError(400, 'oauth_not_available', `The ${integrationId} integration has no OAuth client: the operator sets CREWD_OAUTH_${integrationId.toUpperCase()}_CLIENT_ID (and _CLIENT_SECRET), or configure a token instead.`, { integration: integrationId });
      }
      if (!deps.publicUrl) throw new ServiceError(400, 'oauth_not_available', 'OAuth needs CREWD_PUBLIC_URL, the address browsers reach this service at.', { integration: integrationId });
      const state = base64url(randomBytes(32));
      const verifier = base64url(randomBytes(48));
      const challenge = base64url(createHash('sha256').update(verifier).digest());
      const now = deps.clock.now();
      // Housekeeping: attempts nobody finished are dropped an hour after they expired.
      await deps.repos.oauthStates.deleteExpired(new Date(now.getTime() - 3600_000).toISOString());
      const expiresAt = new Date(now.getTime() + stateTtlMs).toISOString();
      await deps.repos.oauthStates.insert({ state, workspace_id: workspaceId, integration_id: integrationId, code_verifier: deps.cipher.encrypt(verifier), redirect_uri: redirectUri, expires_at: expiresAt, used_at: null, created_at: now.toISOString() });
      const url = new URL(ends.authorizeUrl);
      const params: Record<string, string> = {
        response_type: 'code',
        client_id: ends.client.clientId,
        redirect_uri: callbackUrl(),
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...(ends.oauth.scopes.length > 0 ? { scope: ends.oauth.scopes.join(' ') } : {}),
        ...(ends.oauth.extraAuthorizeParams ?? {}),
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return { authorization_url: url.href, state, expires_at: expiresAt };
    },

    /**
     * The browser's return from the vendor. An unknown, used or expired state is a 400 page and
     * never reaches the token endpoint; otherwise the answer redirects to the client's
     * `redirect_uri` with `integration` and `status=connected|error`.
     */
    async callback(query: Record<string, string | undefined>): Promise<CallbackAnswer> {
      const state = query.state;
      if (!state || state.length > 100) return { kind: 'page', status: 400, message: 'This sign-in link is missing its state. Start the connection again from the application.' };
      const row = await deps.repos.oauthStates.consume(state, deps.clock.now().toISOString());
      if (!row) return { kind: 'page', status: 400, message: 'This sign-in link is unknown, already used or expired (links last 10 minutes). Start the connection again from the application.' };
      const back = (status: 'connected' | 'error', reason?: string) => {
        const url = new URL(row.redirect_uri);
        url.searchParams.set('integration', row.integration_id);
        url.searchParams.set('status', status);
        if (reason) url.searchParams.set('error', reason);
        return { kind: 'redirect' as const, location: url.href };
      };
      const plugin = deps.registry.get(row.integration_id);
      const ends = plugin ? endpoints(plugin) : undefined;
      if (!ends) return back('error', 'oauth_not_available');
      if (query.error || !query.code) return back('error', (query.error ?? 'missing_code').slice(0, 100));
      try {
        const tokens = await tokenRequest(ends.tokenUrl, ends.client, { grant_type: 'authorization_code', code: query.code, redirect_uri: callbackUrl(), code_verifier: deps.cipher.decrypt(row.code_verifier) });
        await deps.saveTokens(row.workspace_id, row.integration_id, tokens);
        deps.logger.info({ workspace_id: row.workspace_id, integration: row.integration_id }, 'integration connected through OAuth');
        return back('connected');
      } catch (error) {
        deps.logger.warn({ workspace_id: row.workspace_id, integration: row.integration_id, err: { message: (error as Error).message } }, 'OAuth code exchange failed');
        return back('error', 'token_exchange_failed');
      }
    },

    /**
     * Renews the access token when it expires within the margin. Answers the secrets to use: the
     * renewed ones, the same ones when no refresh is due, or throws when the vendor refused the
     * refresh token (the caller marks the integration auth_required).
     */
    async refreshIfDue(integrationId: string, secrets: Readonly<Record<string, string>>): Promise<TokenSet | undefined> {
      if (!secrets.refresh_token || !secrets.token_expires_at) return undefined;
      if (Date.parse(secrets.token_expires_at) - deps.clock.now().getTime() > refreshMarginMs) return undefined;
      const plugin = deps.registry.get(integrationId);
      const ends = plugin ? endpoints(plugin) : undefined;
      if (!ends) return undefined;
      const renewed = await tokenRequest(ends.tokenUrl, ends.client, { grant_type: 'refresh_token', refresh_token: secrets.refresh_token });
      return { ...renewed, refresh_token: renewed.refresh_token ?? secrets.refresh_token };
    },
  };
}

export interface OAuthConnect {
  /** The vendor's client and endpoints for an integration (undefined without an operator's client). */
  clientOf(integrationId: string): {
    tokenUrl: string;
    authorizeUrl: string;
    clientId: string;
    clientSecret?: string | undefined;
  } | undefined;
  /** Whether the operator gave an OAuth client for this integration. */
  available: (integrationId: string) => boolean;
  start(workspaceId: string, integrationId: string, redirectUri: string): Promise<{
    authorization_url: string;
    state: string;
    expires_at: string;
  }>;
  /**
   * The browser's return from the vendor. An unknown, used or expired state is a 400 page and
   * never reaches the token endpoint; otherwise the answer redirects to the client's
   * `redirect_uri` with `integration` and `status=connected|error`.
   */
  callback(query: Record<string, string | undefined>): Promise<CallbackAnswer>;
  /**
   * Renews the access token when it expires within the margin. Answers the secrets to use: the
   * renewed ones, the same ones when no refresh is due, or throws when the vendor refused the
   * refresh token (the caller marks the integration auth_required).
   */
  refreshIfDue(integrationId: string, secrets: Readonly<Record<string, string>>): Promise<TokenSet | undefined>;
}
