import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens, Tool } from '@modelcontextprotocol/client';
import type { OAuthCredentialRow } from '../../storage/repositories/oauthCredentials.js';

/**
 * The declared contracts of runtime/tools (issue 28, item 3): each factory returns one of these,
 * checked with `satisfies`, so a change inside a closure cannot silently change its callers' type.
 * (The other services of this folder are still typed by their factories; see
 * test/architecture/declaredContracts.test.ts.)
 */

/** Per-tool timeout tracking: `after` timeouts in a row quarantine one tool (not its server) for a while. */
export interface Quarantine {
  /** Whether `tool` is quarantined at `now` (epoch ms); an expired quarantine ends here. */
  isQuarantined(tool: string, now: number): boolean;
  /** When the tool's quarantine ends (epoch ms), if it is in one. */
  until(tool: string): number | undefined;
  /** Records one call's fate; returns true when this timeout put the tool in quarantine. */
  record(tool: string, timedOut: boolean, now: number): boolean;
}

/** The server capabilities the task policy reads (the SDK's ServerCapabilities has them). */
export interface TaskCapabilities {
  tasks?: { requests?: { tools?: { call?: unknown } } };
  extensions?: Record<string, unknown>;
}

/** When a tool is called as an MCP task; one per session (what it learned goes with the session). */
export interface TaskPolicy {
  /** Remembers each tool's task support from a `tools/list` answer and the server's capabilities. */
  learn(tools: Tool[], capabilities: TaskCapabilities | undefined): void;
  /** Whether the server's tasks are the 2026-07-28 extension (else 2025-11-25 tasks). */
  viaExtension(): boolean;
  useTask(name: string): boolean;
  /** A plain call failed; a timeout of an `optional` tool sends its next calls as tasks. */
  noteFailure(name: string, error: unknown): void;
}

/** What crewd keeps of the discovery beside the SDK's state: the resource indicator it chose. */
export type StoredDiscovery = OAuthDiscoveryState & { resource?: string };

/** Reads and writes the sealed columns of an OAuth credential row. */
export interface SealedCredentials {
  tokens(row: OAuthCredentialRow): StoredOAuthTokens | undefined;
  clientInfo(row: OAuthCredentialRow): StoredOAuthClientInformation | undefined;
  codeVerifier(row: OAuthCredentialRow): string | undefined;
  discovery(row: OAuthCredentialRow): StoredDiscovery | undefined;
  /** The sealed tokens and their expiry (from `expires_in`, with the injected clock). */
  sealTokens(tokens: StoredOAuthTokens): Pick<OAuthCredentialRow, 'tokens' | 'expires_at'>;
  sealClientInfo(info: StoredOAuthClientInformation): string;
  sealVerifier(verifier: string): string;
}
