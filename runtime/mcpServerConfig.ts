import { ConfigError } from './configError.js';

/**
 * The settings of crewd's own MCP server (`/mcp`, docs/mcp-server.md): which browser origins may
 * call it, and the caps on what one workspace (and one key) may hold open in a process, so one
 * tenant can neither evict another's sessions nor use up the process's listen streams.
 */
export interface McpServerConfig {
  /**
   * Hostnames (no scheme, no port) whose `Origin` may call /mcp besides localhost-class ones and
   * CREWD_PUBLIC_URL's host (CREWD_MCP_ALLOWED_ORIGINS, comma-separated; `*` allows every origin).
   */
  allowedOrigins: string[];
  /** 2025-11-25 sessions one key may hold; a new one closes that key's least recently used. */
  sessionsPerKey: number;
  /** 2025-11-25 sessions one workspace may hold; beyond it a new session is refused. */
  sessionsPerWorkspace: number;
  /** 2025-11-25 sessions the process holds; beyond it a new session is refused. */
  maxSessions: number;
  /** A 2025-11-25 session unused this long is closed when room is needed (it counts against no cap). */
  sessionIdleMs: number;
  /** Open `subscriptions/listen` streams (2026-07-28) per key, per workspace, per process. */
  listensPerKey: number;
  listensPerWorkspace: number;
  maxListens: number;
  /** Clients pre-registered with the OAuth authorization server of /mcp. */
  oauthClients: McpOAuthClientConfig[];
}

/** A client pre-registered with crewd's OAuth authorization server for /mcp (CREWD_MCP_OAUTH_CLIENTS). */
export interface McpOAuthClientConfig {
  client_id: string;
  redirect_uris: string[];
  client_name?: string;
  /** Absent for a public client (PKCE only). */
  client_secret?: string;
}

type Env = Record<string, string | undefined>;

function oauthClients(env: Env): McpOAuthClientConfig[] {
  const raw = env.CREWD_MCP_OAUTH_CLIENTS;
  if (raw === undefined || raw.trim() === '') return [];
  const fail = (why: string) => new ConfigError('CREWD_MCP_OAUTH_CLIENTS', `expected a JSON array of {"client_id", "redirect_uris": [...], "client_name"?, "client_secret"?}: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw fail((error as Error).message);
  }
  if (!Array.isArray(parsed)) throw fail('not an array');
  return parsed.map((entry, index) => {
    const client = entry as Record<string, unknown>;
    if (typeof client?.client_id !== 'string' || client.client_id === '') throw fail(`entry ${index} has no client_id`);
    const uris = client.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every((uri) => typeof uri === 'string' && URL.canParse(uri))) throw fail(`entry ${index} needs redirect_uris, a list of URLs`);
    return {
      client_id: client.client_id,
      redirect_uris: uris as string[],
      ...(typeof client.client_name === 'string' ? { client_name: client.client_name } : {}),
      ...(typeof client.client_secret === 'string' && client.client_secret !== '' ? { client_secret: client.client_secret } : {}),
    };
  });
}

function whole(env: Env, name: string, fallback: number, max = 1_000_000): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > max) throw new ConfigError(name, `expected a whole number from 1 to ${max}, got "${raw}"`);
  return Number(raw.trim());
}

/** Reads the CREWD_MCP_* settings of the MCP server; throws ConfigError naming a bad one. */
export function loadMcpServerConfig(env: Env): McpServerConfig {
  const allowedOrigins = (env.CREWD_MCP_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  for (const entry of allowedOrigins) {
    // A hostname, a bracketed IPv6 address, `*`, or `<scheme>://*` (browser extensions).
    if (!/^(\*|[a-z][a-z0-9+.-]*:\/\/\*|\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(entry)) {
      throw new ConfigError('CREWD_MCP_ALLOWED_ORIGINS', `expected comma-separated hostnames without scheme or port (like app.example.com), got "${entry}"`);
    }
  }
  const config: McpServerConfig = {
    allowedOrigins,
    sessionsPerKey: whole(env, 'CREWD_MCP_SESSIONS_PER_KEY', 50),
    sessionsPerWorkspace: whole(env, 'CREWD_MCP_SESSIONS_PER_WORKSPACE', 100),
    maxSessions: whole(env, 'CREWD_MCP_MAX_SESSIONS', 1000),
    sessionIdleMs: whole(env, 'CREWD_MCP_SESSION_IDLE_MS', 1_800_000, 86_400_000),
    listensPerKey: whole(env, 'CREWD_MCP_LISTENS_PER_KEY', 50),
    listensPerWorkspace: whole(env, 'CREWD_MCP_LISTENS_PER_WORKSPACE', 100),
    maxListens: whole(env, 'CREWD_MCP_MAX_LISTENS', 1024),
    oauthClients: oauthClients(env),
  };
  if (config.sessionsPerWorkspace >= config.maxSessions) throw new ConfigError('CREWD_MCP_SESSIONS_PER_WORKSPACE', `must be below CREWD_MCP_MAX_SESSIONS (${config.maxSessions}) so one workspace cannot hold them all`);
  if (config.listensPerWorkspace >= config.maxListens) throw new ConfigError('CREWD_MCP_LISTENS_PER_WORKSPACE', `must be below CREWD_MCP_MAX_LISTENS (${config.maxListens}) so one workspace cannot hold them all`);
  return config;
}
