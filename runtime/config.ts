import path from 'node:path';
import { decodeSecretKey } from './secrets/secretKey.js';
import { ConfigError } from './configError.js';
import { parseRetryDelays, parseRetryJitter } from './webhooks/retryPolicy.js';
import { loadMcpServerConfig, type McpServerConfig } from './mcpServerConfig.js';
import { loadTracingConfig, type TracingConfig } from './telemetry/tracingConfig.js';

export { ConfigError };

/** Everything the service reads from its environment, validated once at start (DESIGN section 8). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... for scale-out; undefined means the SQLite file in dataDir. */
  databaseUrl: string | undefined;
  bootstrapKey: string | undefined;
  secretKey: string | undefined;
  model: 'local' | 'openai';
  openai: { baseURL: string | undefined; apiKey: string | undefined; model: string };
  localModelDelayMs: number;
  /** /readyz answers 503 when the actor host has work pending and has not committed for this long. */
  readyStallMs: number;
  webhookRetryDelaysMs: readonly number[];
  /** Most a retry's delay is lengthened, as a fraction of it (CREWD_WEBHOOK_RETRY_JITTER). */
  webhookRetryJitter: number;
  webhookTimeoutMs: number;
  allowPrivateUrls: boolean;
  logLevel: string;
  /** Commands a stdio MCP connection may run (CREWD_MCP_STDIO_ALLOW, comma-separated). */
  mcpStdioAllow: string[];
  mcpConnectTimeoutMs: number;
  mcpCallTimeoutMs: number;
  /** Where crewd's OAuth client ID metadata document is published, when not at CREWD_PUBLIC_URL/api/mcp/oauth/client-metadata.json (https). */
  mcpClientMetadataUrl: string | undefined;
  /** Wall-time limit of one tool call, progress or not (CREWD_TOOL_CALL_TIMEOUT_MS, default 10 minutes). */
  toolCallTimeoutMs: number;
  /** How often live remote MCP connections are pinged (CREWD_MCP_HEALTH_CHECK_MS). */
  mcpHealthCheckMs: number;
  /** crewd's own MCP server at /mcp: allowed origins and per-workspace caps (runtime/mcpServerConfig.ts). */
  mcpServer: McpServerConfig;
  /** Longest a client may take to send a whole request, headers and body (README "Limits and input rules"). */
  requestTimeoutMs: number;
  /** Longest a client may take to send the request headers. */
  headersTimeoutMs: number;
  /** How long an unanswered Idempotency-Key is held for a process that stopped renewing it. */
  idempotencyLeaseMs: number;
  /**
   * Vendor API base URLs by plugin id, from every `CREWD_<ID>_API_URL` variable (plugins read
   * them through their context, so a new plugin needs no line here).
   */
  pluginApiUrls: Record<string, string>;
  /** The service's public base URL (CREWD_PUBLIC_URL); the OAuth callback is built on it. */
  publicUrl: string | undefined;
  /** OAuth clients by plugin id, from `CREWD_OAUTH_<ID>_CLIENT_ID` / `_CLIENT_SECRET` / `_AUTHORIZE_URL` / `_TOKEN_URL`. */
  oauthClients: Record<string, OAuthClientConfig>;
  /** How long a graceful shutdown (SIGTERM/SIGINT) may take before the process exits anyway (CREWD_SHUTDOWN_MS). */
  shutdownMs: number;
  /** Shared rate-limit counters in Redis (CREWD_REDIS_URL) instead of Postgres; scale-out only. */
  redisUrl: string | undefined;
  /** What this process runs (`crewd serve --no-worker` / `--no-api`); both by default. */
  roles: { api: boolean; worker: boolean };
  /** Postgres connections per process (CREWD_DB_POOL_MAX). */
  dbPoolMax: number;
  /** How long an actor's lease holds on Postgres (CREWD_LEASE_MS); renewed every third of it, taken over once expired. */
  leaseMs: number;
  /** How long a process waits for the owner's answer to a forwarded command (CREWD_COMMAND_WAIT_MS); Postgres only. */
  commandWaitMs: number;
  /**
   * How long Postgres lets a session sit idle inside a transaction before it ends it
   * (CREWD_TRANSACTION_IDLE_MS; at most the lease): bounds how long a paused process's row locks
   * stall the other processes. Postgres only.
   */
  transactionIdleMs: number;
  /** OpenTelemetry trace export (OTEL_EXPORTER_OTLP_ENDPOINT and friends, docs/tracing.md); absent: tracing is off. */
  tracing: TracingConfig | undefined;
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string | undefined;
  authorizeUrl: string | undefined;
  tokenUrl: string | undefined;
}

/** Every `CREWD_<ID>_API_URL`, keyed by the lower-cased id. */
function pluginApiUrls(env: Env): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const name of Object.keys(env)) {
    const match = /^CREWD_([A-Z0-9]+)_API_URL$/.exec(name);
    if (!match) continue;
    const value = url(env, name, undefined, ['http:', 'https:']);
    if (value) urls[match[1]!.toLowerCase()] = value;
  }
  return urls;
}

/** Every `CREWD_OAUTH_<ID>_CLIENT_ID` with its secret and endpoint overrides. */
function oauthClients(env: Env): Record<string, OAuthClientConfig> {
  const clients: Record<string, OAuthClientConfig> = {};
  for (const name of Object.keys(env)) {
    const match = /^CREWD_OAUTH_([A-Z0-9]+)_CLIENT_ID$/.exec(name);
    if (!match || !env[name]) continue;
    const prefix = `CREWD_OAUTH_${match[1]}`;
    clients[match[1]!.toLowerCase()] = {
      clientId: env[name]!,
      clientSecret: env[`${prefix}_CLIENT_SECRET`] || undefined,
      authorizeUrl: url(env, `${prefix}_AUTHORIZE_URL`, undefined, ['http:', 'https:']),
      tokenUrl: url(env, `${prefix}_TOKEN_URL`, undefined, ['http:', 'https:']),
    };
  }
  return clients;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${value}`);
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(name, `expected 0 or 1, got "${raw}"`);
}

function url(env: Env, name: string, fallback: string | undefined, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `expected a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL, got "${parsed.protocol}"`);
  }
  return raw;
}

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const model = env.CREWD_MODEL || 'local';
  if (model !== 'local' && model !== 'openai') throw new ConfigError('CREWD_MODEL', `expected "local" or "openai", got "${model}"`);
  const bootstrapKey = env.CREWD_BOOTSTRAP_KEY || undefined;
  if (bootstrapKey !== undefined && !/^crew_sk_[A-Za-z0-9_-]{16,}$/.test(bootstrapKey)) {
    throw new ConfigError('CREWD_BOOTSTRAP_KEY', 'expected crew_sk_ followed by at least 16 letters, digits, _ or -');
  }
  const secretKey = env.CREWD_SECRET_KEY || undefined;
  if (secretKey !== undefined) {
    try {
      decodeSecretKey(secretKey);
    } catch (error) {
      throw new ConfigError('CREWD_SECRET_KEY', (error as Error).message.replace(/^CREWD_SECRET_KEY: /, ''));
    }
  }
  const host = env.HOST || '127.0.0.1';
  const logLevel = env.CREWD_LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('CREWD_LOG_LEVEL', `expected one of fatal, error, warn, info, debug, trace, silent, got "${logLevel}"`);
  }
  const requestTimeoutMs = integer(env, 'CREWD_REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000);
  const headersTimeoutMs = integer(env, 'CREWD_HEADERS_TIMEOUT_MS', 10_000, 500, 600_000);
  // Node refuses a headers timeout above the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('CREWD_HEADERS_TIMEOUT_MS', `must not exceed CREWD_REQUEST_TIMEOUT_MS (${requestTimeoutMs}), got ${headersTimeoutMs}`);
  }
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    dataDir: path.resolve(env.CREWD_DATA_DIR || './data'),
    databaseUrl: url(env, 'CREWD_DATABASE_URL', undefined, ['postgres:', 'postgresql:']),
    bootstrapKey,
    secretKey,
    model,
    openai: {
      baseURL: url(env, 'OPENAI_BASE_URL', undefined, ['http:', 'https:']),
      apiKey: env.OPENAI_API_KEY || undefined,
      model: env.CREWD_MODEL_NAME || 'gpt-4o-mini',
    },
    localModelDelayMs: integer(env, 'CREWD_LOCAL_MODEL_DELAY_MS', 0, 0, 600_000),
    readyStallMs: integer(env, 'CREWD_READY_STALL_MS', 30_000, 100, 3_600_000),
    webhookRetryDelaysMs: parseRetryDelays(env.CREWD_WEBHOOK_RETRY_DELAYS_MS),
    webhookRetryJitter: parseRetryJitter(env.CREWD_WEBHOOK_RETRY_JITTER),
    webhookTimeoutMs: integer(env, 'CREWD_WEBHOOK_TIMEOUT_MS', 30_000, 1, 600_000),
    allowPrivateUrls: flag(env, 'CREWD_ALLOW_PRIVATE_URLS'),
    logLevel,
    mcpStdioAllow: (env.CREWD_MCP_STDIO_ALLOW ?? '')
      .split(',')
      .map((command) => command.trim())
      .filter((command) => command !== ''),
    mcpConnectTimeoutMs: integer(env, 'CREWD_MCP_CONNECT_TIMEOUT_MS', 10_000, 100, 600_000),
    mcpCallTimeoutMs: integer(env, 'CREWD_MCP_CALL_TIMEOUT_MS', 60_000, 100, 3_600_000),
    mcpClientMetadataUrl: url(env, 'CREWD_MCP_CLIENT_METADATA_URL', undefined, ['https:']),
    toolCallTimeoutMs: integer(env, 'CREWD_TOOL_CALL_TIMEOUT_MS', 600_000, 100, 24 * 3_600_000),
    mcpHealthCheckMs: integer(env, 'CREWD_MCP_HEALTH_CHECK_MS', 30_000, 100, 3_600_000),
    mcpServer: loadMcpServerConfig(env),
    requestTimeoutMs,
    headersTimeoutMs,
    idempotencyLeaseMs: integer(env, 'CREWD_IDEMPOTENCY_LEASE_MS', 10_000, 100, 3_600_000),
    pluginApiUrls: pluginApiUrls(env),
    publicUrl: url(env, 'CREWD_PUBLIC_URL', undefined, ['http:', 'https:'])?.replace(/\/+$/, ''),
    oauthClients: oauthClients(env),
    shutdownMs: integer(env, 'CREWD_SHUTDOWN_MS', 10_000, 100, 600_000),
    redisUrl: url(env, 'CREWD_REDIS_URL', undefined, ['redis:', 'rediss:']),
    roles: { api: true, worker: true },
    dbPoolMax: integer(env, 'CREWD_DB_POOL_MAX', 10, 1, 1_000),
    leaseMs: integer(env, 'CREWD_LEASE_MS', 15_000, 300, 3_600_000),
    commandWaitMs: integer(env, 'CREWD_COMMAND_WAIT_MS', 5_000, 100, 60_000),
    transactionIdleMs: integer(env, 'CREWD_TRANSACTION_IDLE_MS', 5_000, 100, 3_600_000),
    tracing: loadTracingConfig(env),
  };
}
