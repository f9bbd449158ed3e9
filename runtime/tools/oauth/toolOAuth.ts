import { randomUUID } from 'node:crypto';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/client';
import type { Logger } from 'pino';
import type { Repositories } from '../../../storage/index.js';
import type { Clock } from '../../clock.js';
import type { OAuthClientConfig } from '../../config.js';
import type { IdGenerator } from '../../ids.js';
import type { SecretCipher } from '../../secrets/cipher.js';
import type { GuardedFetch } from '../guardedFetch.js';
import { connectionOAuthProvider, type OAuthClientIdentity } from './connectionOAuthProvider.js';
import type { RefreshDeps } from './refreshOnce.js';
import { sealedCredentials } from './sealedCredentials.js';
import { standardFetch } from './standardFetch.js';

/** The event written when a connection's refresh token was refused (named like `tool.failed`). */
export const authRequiredEventKind = 'tool_connection.auth_required';

/** A pre-registered OAuth client for one connection (the connect body's `oauth`), or the operator's default. */
export interface ConnectionOAuthOptions {
  client_id?: string;
  client_secret?: string;
}

export type ToolOAuthCallbackAnswer =
  | { ok: true; workspaceId: string; connectionId: string }
  | { ok: false; status: 400 | 502; code: string; message: string; workspaceId?: string; connectionId?: string };

export interface ToolOAuthDeps {
  repos: Repositories;
  cipher: SecretCipher;
  clock: Clock;
  ids: IdGenerator;
  fetch: GuardedFetch;
  logger: Logger;
  /** CREWD_PUBLIC_URL: the callback and the client ID metadata document are served under it. */
  publicUrl: string | undefined;
  /** CREWD_OAUTH_MCP_CLIENT_ID / _CLIENT_SECRET: a client pre-registered with the servers crewd connects to. */
  preRegistered: OAuthClientConfig | undefined;
  /** CREWD_MCP_CLIENT_METADATA_URL: where the operator publishes crewd's client ID metadata document instead. */
  clientMetadataUrl?: string | undefined;
  refresh?: Pick<RefreshDeps, 'retry' | 'waitMs' | 'pollMs'>;
  /** A refresh was refused: the connection goes to `error` with reason `auth_required` (bound by runtime/tools/index.ts). */
  onRefused(workspaceId: string, connectionId: string, error: string): void;
}

const credentialId = (connectionId: string) => `tool_connection:${connectionId}`;

/**
 * The client side of MCP authorization for tool connections (`{auth: "oauth"}`, issue 29): one
 * credential row per connection in the shared store (storage `oauth_credentials`), an SDK
 * OAuthClientProvider over it for the connection's transport, and the callback that redeems the
 * authorization code with the SDK's `auth()` (state single use, bound to the workspace and the
 * connection by the row it is stored on).
 */
export function createToolOAuth(deps: ToolOAuthDeps): ToolOAuth {
  const repo = deps.repos.oauthCredentials;
  const sealed = sealedCredentials(deps.cipher, deps.clock);
  const processId = randomUUID();
  const fetch = standardFetch(deps.fetch);
  const now = () => deps.clock.now().toISOString();
  const base = deps.publicUrl;
  const redirectUrl = `${base ?? 'http://127.0.0.1'}/api/mcp/oauth/callback`;
  // A client ID metadata document must be at an https URL (the SDK and the spec refuse others).
  const clientMetadataUrl = deps.clientMetadataUrl ?? (base?.startsWith('https://') ? `${base}/api/mcp/oauth/client-metadata.json` : undefined);
  const identity: OAuthClientIdentity = {
    redirectUrl,
    clientMetadataUrl,
    metadata: { client_name: 'crewd', redirect_uris: [redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
  };

  function providerFor(workspaceId: string, connectionId: string): OAuthClientProvider {
    return connectionOAuthProvider({
      credentialId: credentialId(connectionId),
      repo,
      sealed,
      clock: deps.clock,
      fetch,
      identity,
      processId,
      ...(deps.refresh ? { refresh: deps.refresh } : {}),
      onRefused: (error) => void refused(workspaceId, connectionId, error),
    });
  }

  async function refused(workspaceId: string, connectionId: string, error: string): Promise<void> {
    deps.logger.warn({ workspace_id: workspaceId, connection_id: connectionId, err: { message: error } }, 'tool connection OAuth refresh refused: the user has to authorize it again');
    const at = now();
    await deps.repos.events
      .appendMany([{ id: `evt_${deps.ids.uuid()}`, workspace_id: workspaceId, outcome_id: null, sequence: 0, kind: authRequiredEventKind, timestamp: at, data: { connection_id: connectionId, reason: 'auth_required', error } }])
      .catch((failure: unknown) => deps.logger.error({ err: failure }, 'could not store the tool_connection.auth_required event'));
    // A new authorization for the user to open (listed with the connection); the SDK's auth()
    // finds no tokens and builds the URL from the discovery it stored.
    const row = await repo.get(credentialId(connectionId));
    if (row?.server_url) {
      await auth(providerFor(workspaceId, connectionId), { serverUrl: row.server_url, fetchFn: fetch }).catch((failure: unknown) =>
        deps.logger.warn({ connection_id: connectionId, err: { message: (failure as Error).message } }, 'could not start a new OAuth authorization after a refused refresh'),
      );
    }
    deps.onRefused(workspaceId, connectionId, error);
  }

  return {
    /** Whether the callback can work: the authorization server must send the browser back to crewd. */
    available: () => base !== undefined,
    identity,
    /** crewd's client ID metadata document (SEP-991), served at `identity.clientMetadataUrl`. */
    clientMetadataDocument: () => ({ client_id: clientMetadataUrl ?? `${base ?? ''}/api/mcp/oauth/client-metadata.json`, ...identity.metadata }),

    /** Opens the connection's credential row, with a pre-registered client when one was given. */
    async create(workspaceId: string, connectionId: string, serverUrl: string, options: ConnectionOAuthOptions = {}): Promise<void> {
      const clientId = options.client_id ?? deps.preRegistered?.clientId;
      const clientSecret = options.client_id ? options.client_secret : deps.preRegistered?.clientSecret;
      const clientInfo = clientId ? { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) } : undefined;
      const at = now();
      await repo.insert({
        id: credentialId(connectionId),
        workspace_id: workspaceId,
        owner_kind: 'tool_connection',
        owner_id: connectionId,
        server_url: serverUrl,
        status: 'pending',
        tokens: null,
        client_info: clientInfo ? sealed.sealClientInfo(clientInfo) : null,
        discovery: null,
        code_verifier: null,
        authorization_url: null,
        auth_state: null,
        auth_state_expires_at: null,
        expires_at: null,
        refresh_claimed_until: null,
        refresh_claimed_by: null,
        created_at: at,
        updated_at: at,
      });
    },

    /** The SDK provider of an OAuth connection, or undefined for a connection with static credentials. */
    async providerOf(workspaceId: string, connectionId: string): Promise<OAuthClientProvider | undefined> {
      return (await repo.get(credentialId(connectionId))) ? providerFor(workspaceId, connectionId) : undefined;
    },

    /** The URL the user opens to authorize a connection waiting for it, with its expiry. */
    async pending(connectionId: string): Promise<{ authorization_url: string; expires_at: string } | undefined> {
      const row = await repo.get(credentialId(connectionId));
      if (!row || row.status !== 'pending' || !row.authorization_url || !row.auth_state_expires_at) return undefined;
      return { authorization_url: row.authorization_url, expires_at: row.auth_state_expires_at };
    },

    /** Connection id -> the authorization URL its user should open now (after a step-up or a refused refresh too). */
    async pendingIn(workspaceId: string): Promise<Map<string, string>> {
      const rows = await repo.listPending(workspaceId, 'tool_connection', now());
      return new Map(rows.map((row) => [row.owner_id, row.authorization_url!]));
    },

    remove: (connectionId: string) => repo.remove(credentialId(connectionId)),

    /**
     * The browser's return from the authorization server. An unknown, used or expired state never
     * reaches the token endpoint; otherwise the SDK redeems the code (PKCE verifier, resource
     * indicator, the client's token endpoint auth method) and the tokens are stored sealed.
     */
    async callback(query: Record<string, string | undefined>): Promise<ToolOAuthCallbackAnswer> {
      const state = query.state;
      const unknown = { ok: false as const, status: 400 as const, code: 'invalid_oauth_state', message: 'This sign-in link is unknown, already used or expired (links last 10 minutes). Connect the tool again.' };
      if (!state || state.length > 100) return unknown;
      const row = await repo.consumeState(state, now());
      if (!row) return unknown;
      const where = { workspaceId: row.workspace_id, connectionId: row.owner_id };
      if (query.error || !query.code) return { ok: false, status: 400, code: 'authorization_denied', message: `The authorization server did not authorize crewd: ${(query.error ?? 'no code').slice(0, 100)}`, ...where };
      try {
        const result = await auth(providerFor(row.workspace_id, row.owner_id), { serverUrl: row.server_url!, authorizationCode: query.code, ...(query.iss ? { iss: query.iss } : {}), fetchFn: fetch });
        if (result !== 'AUTHORIZED') return { ok: false, status: 502, code: 'token_exchange_failed', message: 'The authorization server did not issue tokens.', ...where };
        return { ok: true, ...where };
      } catch (error) {
        deps.logger.warn({ ...where, err: { message: (error as Error).message } }, 'tool connection OAuth code exchange failed');
        return { ok: false, status: 502, code: 'token_exchange_failed', message: `The authorization server refused the code: ${(error as Error).message.slice(0, 200)}`, ...where };
      }
    },
  };
}

export interface ToolOAuth {
  /** Whether the callback can work: the authorization server must send the browser back to crewd. */
  available: () => boolean;
  identity: OAuthClientIdentity;
  /** crewd's client ID metadata document (SEP-991), served at `identity.clientMetadataUrl`. */
  clientMetadataDocument: () => {
    redirect_uris: string[];
    token_endpoint_auth_method?: string | undefined;
    grant_types?: string[] | undefined;
    response_types?: string[] | undefined;
    application_type?: string | undefined;
    client_name?: string | undefined;
    client_uri?: string | undefined;
    logo_uri?: string | undefined;
    scope?: string | undefined;
    contacts?: string[] | undefined;
    tos_uri?: string | undefined;
    policy_uri?: string | undefined;
    jwks_uri?: string | undefined;
    jwks?: any;
    software_id?: string | undefined;
    software_version?: string | undefined;
    software_statement?: string | undefined;
    client_id: string;
  };
  /** Opens the connection's credential row, with a pre-registered client when one was given. */
  create(workspaceId: string, connectionId: string, serverUrl: string, options?: ConnectionOAuthOptions): Promise<void>;
  /** The SDK provider of an OAuth connection, or undefined for a connection with static credentials. */
  providerOf(workspaceId: string, connectionId: string): Promise<OAuthClientProvider | undefined>;
  /** The URL the user opens to authorize a connection waiting for it, with its expiry. */
  pending(connectionId: string): Promise<{
    authorization_url: string;
    expires_at: string;
  } | undefined>;
  /** Connection id -> the authorization URL its user should open now (after a step-up or a refused refresh too). */
  pendingIn(workspaceId: string): Promise<Map<string, string>>;
  remove: (connectionId: string) => Promise<void>;
  /**
   * The browser's return from the authorization server. An unknown, used or expired state never
   * reaches the token endpoint; otherwise the SDK redeems the code (PKCE verifier, resource
   * indicator, the client's token endpoint auth method) and the tokens are stored sealed.
   */
  callback(query: Record<string, string | undefined>): Promise<ToolOAuthCallbackAnswer>;
}
