import { OAuthError, OAuthErrorCode, refreshAuthorization, type OAuthDiscoveryState, type StoredOAuthClientInformation, type StoredOAuthTokens } from '@modelcontextprotocol/client';
import pRetry, { AbortError } from 'p-retry';
import type { OAuthCredentialRow, OAuthCredentialsRepository } from '../../../storage/repositories/oauthCredentials.js';
import type { Clock } from '../../clock.js';
import type { SealedCredentials } from './sealedCredentials.js';

/** Tokens are refreshed when they expire within this margin. */
export const refreshMarginMs = 60_000;
/** How long a claim holds off the other processes: longer than a refresh with its retries takes. */
export const claimMs = 30_000;

/** `refused` with `elsewhere`: another process's refresh was refused (it reports it; this one only stops using the tokens). */
export type RefreshOutcome = { kind: 'fresh'; tokens: StoredOAuthTokens } | { kind: 'refused'; error: string; elsewhere?: true } | { kind: 'unchanged' };

export interface RefreshDeps {
  repo: OAuthCredentialsRepository;
  sealed: SealedCredentials;
  clock: Clock;
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Who claims (one id per process). */
  processId: string;
  /** Backoff of a refresh that failed on the network or a 5xx (tests shorten it). */
  retry?: { retries: number; minTimeoutMs: number };
  /** How long a process that did not get the claim waits for the one that did, polling the row. */
  waitMs?: number;
  pollMs?: number;
}

/**
 * A refused refresh: the authorization server said no (invalid_grant: revoked, expired or reused
 * refresh token; invalid_client; 400/401 without a body we understand). Anything else (the
 * network, a 5xx, `server_error`, `temporarily_unavailable`) is a blip and retried.
 */
export function isRefused(error: unknown): boolean {
  if (!(error instanceof OAuthError)) return false;
  if (error.code === OAuthErrorCode.ServerError) return /HTTP 4\d\d/.test(error.message);
  return error.code !== OAuthErrorCode.TemporarilyUnavailable;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Refreshes a credential's access token before it expires, once across every process that shares
 * the database: the process that wins the claim (a conditional update on the row) calls the
 * token endpoint, the others wait for the row to change and read what it saved. A blip is retried
 * with backoff (p-retry) and, when it outlasts the retries, leaves the tokens as they were (the
 * next request tries again); only a refusal answers `refused`.
 */
export async function refreshOnce(row: OAuthCredentialRow, deps: RefreshDeps): Promise<RefreshOutcome> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + claimMs).toISOString();
  if (!(await deps.repo.claimRefresh(row.id, row.expires_at, deps.processId, now.toISOString(), until))) return waitForOther(row, deps);
  const tokens = deps.sealed.tokens(row);
  const discovery = deps.sealed.discovery(row);
  const client = deps.sealed.clientInfo(row);
  if (!tokens?.refresh_token || !discovery || !client) {
    await deps.repo.releaseClaim(row.id, deps.processId);
    return { kind: 'unchanged' };
  }
  try {
    const fresh = await pRetry(() => callTokenEndpoint(tokens, discovery, client, deps), {
      retries: deps.retry?.retries ?? 3,
      minTimeout: deps.retry?.minTimeoutMs ?? 500,
      shouldRetry: ({ error }) => !isRefused(error),
    });
    const kept = { ...fresh, refresh_token: fresh.refresh_token ?? tokens.refresh_token, ...(tokens.issuer ? { issuer: tokens.issuer } : {}) };
    await deps.repo.update(row.id, { ...deps.sealed.sealTokens(kept), status: 'authorized', refresh_claimed_until: null, refresh_claimed_by: null, updated_at: deps.clock.now().toISOString() });
    return { kind: 'fresh', tokens: kept };
  } catch (error) {
    if (error instanceof AbortError || isRefused(error)) {
      await deps.repo.update(row.id, { status: 'refused', tokens: null, expires_at: null, refresh_claimed_until: null, refresh_claimed_by: null, updated_at: deps.clock.now().toISOString() });
      return { kind: 'refused', error: (error as Error).message.slice(0, 300) };
    }
    await deps.repo.releaseClaim(row.id, deps.processId);
    return { kind: 'unchanged' };
  }
}

function callTokenEndpoint(tokens: StoredOAuthTokens, discovery: OAuthDiscoveryState & { resource?: string }, client: StoredOAuthClientInformation, deps: RefreshDeps) {
  return refreshAuthorization(discovery.authorizationServerUrl, {
    ...(discovery.authorizationServerMetadata ? { metadata: discovery.authorizationServerMetadata } : {}),
    clientInformation: client,
    refreshToken: tokens.refresh_token!,
    ...(discovery.resource ? { resource: discovery.resource } : {}),
    fetchFn: deps.fetch,
  });
}

/** Another process holds the claim: wait until it saved new tokens, refused, or let go. */
async function waitForOther(row: OAuthCredentialRow, deps: RefreshDeps): Promise<RefreshOutcome> {
  // A bound on this process's own wait: elapsed time (monotonic), not the injected clock's dates.
  const deadline = performance.now() + (deps.waitMs ?? claimMs);
  while (performance.now() < deadline) {
    await sleep(deps.pollMs ?? 100);
    const current = await deps.repo.get(row.id);
    if (!current) return { kind: 'unchanged' };
    if (current.status === 'refused') return { kind: 'refused', error: 'the refresh was refused (seen from another process)', elsewhere: true };
    if (current.expires_at !== row.expires_at) {
      const tokens = deps.sealed.tokens(current);
      return tokens ? { kind: 'fresh', tokens } : { kind: 'unchanged' };
    }
    if (!current.refresh_claimed_until) return { kind: 'unchanged' };
  }
  return { kind: 'unchanged' };
}
