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
}

type Env = Record<string, string | undefined>;

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
  };
  if (config.sessionsPerWorkspace >= config.maxSessions) throw new ConfigError('CREWD_MCP_SESSIONS_PER_WORKSPACE', `must be below CREWD_MCP_MAX_SESSIONS (${config.maxSessions}) so one workspace cannot hold them all`);
  if (config.listensPerWorkspace >= config.maxListens) throw new ConfigError('CREWD_MCP_LISTENS_PER_WORKSPACE', `must be below CREWD_MCP_MAX_LISTENS (${config.maxListens}) so one workspace cannot hold them all`);
  return config;
}
