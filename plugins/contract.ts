/**
 * The plugin contract (DESIGN section 9). A plugin is a manifest plus `register(context)`, which
 * returns an MCP server built with `@modelcontextprotocol/server`. The runtime connects that server
 * in-process over a linked in-memory transport, so agents see plugin tools and external MCP tools
 * through one client interface, and the integration runner calls a plugin's flag tool the same way.
 *
 * Rules for plugin authors:
 * - Import only this file, `@modelcontextprotocol/server`, `zod` and your vendor's client. Never
 *   `http/`, `storage/` or `runtime/` internals: everything you need arrives in the context.
 * - Tool names are unique across all plugins (the registry throws on a duplicate), written
 *   `snake_case`, and stable: they are stored in catalogs and call logs.
 * - A flag tool (see `DeployFlag.tool`) takes an `IntegrationActionInput` and answers with
 *   `structuredContent` shaped as `IntegrationActionResult`. It must be idempotent on
 *   `idempotency_key`: a second call with the same key returns the first call's result and
 *   creates nothing new (use the vendor's idempotency key, or search for the key as a marker
 *   before creating, or remember it in `context.kv`).
 * - A tool's own failure is a result with `isError: true` (the model can read it); throw only for
 *   faults of the protocol. Set `retryable: true` in `structuredContent` of an error result when a
 *   later attempt may succeed (vendor 429/5xx, network), so the runner retries only those.
 * - `register` is called once per (workspace, plugin) connection, with that workspace's settings
 *   and secrets; it must not start timers or open sockets until a tool is called.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** Crew ids of the spec. */
export type CrewId = 'writer' | 'mind' | 'pilot';

/** Integration ids are DESIGN's neutral words; one plugin per id. */
export type IntegrationId =
  | 'network'
  | 'cms'
  | 'drive'
  | 'notes'
  | 'chat'
  | 'work'
  | 'tracker'
  | 'analytics'
  | 'code'
  | 'planner'
  | 'wiki'
  | (string & {});

/** A JSON Schema object (draft 2020-12 subset that ajv understands). */
export type JsonSchema = Record<string, unknown>;

/**
 * A deploy flag the plugin answers, e.g. `create_repo_issues: true` or `notify_chat: "#eng"`.
 * The flag's value type is checked at deploy; at the crew's stage the runner calls `tool`.
 */
export interface DeployFlag {
  /** The key under the deploy body's `integrations` object. */
  name: string;
  /** The JSON type the value must have. */
  type: 'boolean' | 'string';
  description: string;
  /**
   * The stage at which the flag runs, per crew that may use it (writer: `publishing`,
   * mind: `integration_sync`, pilot: `ticket_creation` or `release_planning`).
   */
  stages: Partial<Record<CrewId, string>>;
  /** The plugin tool the runner calls (a name the plugin registers). */
  tool: string;
  /** The verb shown in `integration.executed` / `integration.failed` events, e.g. `create_issue`. */
  action: string;
}

/** A secret the plugin needs (an access token, an API key). Stored encrypted, never returned. */
export interface SecretSpec {
  name: string;
  description: string;
  required: boolean;
}

export interface PluginManifest {
  /** The neutral integration id (also the MCP `server_type` of its tool connection). */
  id: IntegrationId;
  /** The spec's kind of tool, e.g. `source-code host`, `cloud drive`. */
  kind: string;
  displayName: string;
  /** Semver of the plugin; shown in catalogs. */
  version: string;
  /** Crews that use this integration (the spec's "Integration kinds per crew"). */
  crews: CrewId[];
  /**
   * Names of every tool the server registers. Declared up front so the registry can refuse a
   * duplicate across plugins at start; the runtime checks the built server against this list.
   */
  tools: string[];
  /** Deploy flags the plugin answers; may be empty. */
  flags: DeployFlag[];
  /**
   * JSON Schema of the `settings` object accepted by `POST /v1/integrations/{id}/configure`
   * (secrets excluded). Must be `type: object`; unknown keys should be refused with
   * `additionalProperties: false` so a typo is a 400 naming the field.
   */
  settingsSchema: JsonSchema;
  /** Secrets read from `settings` on configure, encrypted at rest, handed in decrypted. */
  secrets: SecretSpec[];
  /**
   * True when the plugin works without any configure call (e.g. the local-folder backends of
   * drive, notes and wiki, so `npm start` shows a result). Flags of a plugin that is neither
   * configured nor `worksUnconfigured` are refused at deploy with `integration_not_configured`.
   */
  worksUnconfigured?: boolean;
  /**
   * Scheduled jobs (e.g. the chat sync's nightly run). The runtime runs each job once per
   * schedule tick for every workspace where the plugin is configured (or `worksUnconfigured`),
   * with that workspace's context. The registry refuses an invalid cron expression at start.
   */
  jobs?: PluginJob[];
  /**
   * Durable runs the plugin starts through `context.runs` (e.g. the chat sync). The runtime keeps
   * each run on its actor host: a run in flight when the process dies (kill -9 included) is run
   * again after the restart with the same `runId` and input, and two runs of one key never
   * overlap. The registry refuses a duplicate runner name at start.
   */
  runners?: PluginRunner[];
  /**
   * The vendor's OAuth 2.0 authorization-code endpoints, when the vendor has them. The operator
   * gives the client through CREWD_OAUTH_<ID>_CLIENT_ID / _CLIENT_SECRET (and may override the
   * URLs with _AUTHORIZE_URL / _TOKEN_URL); tokens land in the secret `access_token`.
   */
  oauth?: PluginOAuth;
}

/** A scheduled job of a plugin. */
export interface PluginJob {
  /** Unique within the plugin, `snake_case`; shown in logs. */
  name: string;
  /** A five-field cron expression, evaluated in UTC (e.g. `0 2 * * *` for 02:00 UTC). */
  schedule: string;
  /** Runs the job for one workspace; a throw is logged and the next tick runs again. */
  run(context: PluginContext): Promise<void>;
  /**
   * Also run the job once when the service starts (after unfinished runs were restored), so a
   * tick missed while the service was down is caught up. Only for a job that decides itself what
   * is due (the chat sync claims each 02:00 UTC slot once): the start run may find nothing to do.
   */
  runAtStart?: boolean;
}

/** One run handed to a runner: `runId` stays the same when a run cut off by a crash is run again. */
export interface PluginRunRequest {
  key: string;
  runId: string;
  input: Record<string, unknown>;
}

/**
 * A durable run kind of a plugin. `run` must resume rather than start over when it is called again
 * with a `runId` it has seen (keep progress keyed by `runId`, e.g. in checkpoints stored with the
 * data), must store idempotently, and must stop when `signal` aborts (a disconnect, a shutdown).
 * It resolves with a JSON summary (kept as the run's `output`). A `PluginRunError` it throws is
 * kept as the run's `lastError` `{code, message}`, for the user to read; any other throw is logged
 * and kept as `internal_error` without its internals.
 */
export interface PluginRunner {
  /** Unique within the plugin, `snake_case`. */
  name: string;
  run(context: PluginContext, run: PluginRunRequest, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/** A runner's failure the user may read (a dead token, a vendor outage), kept as the run's `lastError`. */
export class PluginRunError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PluginRunError';
  }
}

/** Where one key's runs stand. */
export interface PluginRunStatus {
  state: 'idle' | 'running' | 'error';
  /** The run in flight (while `running`) or the last one started. */
  runId: string | null;
  startedAt: string | null;
  input: Record<string, unknown> | null;
  lastRun: { runId: string; finishedAt: string; output: Record<string, unknown> } | null;
  lastError: { code: string; message: string; at: string } | null;
}

/**
 * Durable runs of this (workspace, plugin), by runner name and key (e.g. `sync` and a team id).
 * Invariants: `start` never starts a second run of a key while one runs (it answers the running
 * one with `started: false`); `status` reflects every transition made before the call; `stop`
 * aborts a run in flight, waits until it stopped and forgets the key.
 */
export interface PluginRuns {
  start(runner: string, key: string, input: Record<string, unknown>): Promise<{ runId: string; started: boolean }>;
  status(runner: string, key: string): Promise<PluginRunStatus | undefined>;
  /** Resolves once the key has no run in flight in this process and its state is stored. */
  settled(runner: string, key: string): Promise<void>;
  stop(runner: string, key: string): Promise<void>;
}

/** The vendor's OAuth endpoints and scopes (authorization code with PKCE S256). */
export interface PluginOAuth {
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Extra query parameters of the authorize URL some vendors need (e.g. `access_type=offline`). */
  extraAuthorizeParams?: Record<string, string>;
}

export interface PluginLogger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface PluginClock {
  now(): Date;
}

/**
 * A small durable key-value store private to one (workspace, plugin). Values are JSON.
 * `setIfAbsent` is the building block for idempotency: it returns the value already stored when
 * the key exists, else stores `value` and returns undefined.
 */
export interface PluginKeyValueStore {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  setIfAbsent<T = unknown>(key: string, value: T): Promise<T | undefined>;
  delete(key: string): Promise<void>;
}

/** One passage of the workspace's knowledge base. */
export interface KnowledgePassage {
  id: string;
  text: string;
  source: string;
  score: number;
  metadata?: Record<string, unknown>;
}

/** A document to add to the knowledge base (the chat sync ingests messages this way). */
export interface KnowledgeDocument {
  /** Stable id from the source (e.g. channel + message ts) so re-ingesting replaces, not doubles. */
  id: string;
  text: string;
  source: string;
  createdAt?: string;
  metadata?: Record<string, unknown>;
}

/**
 * The workspace's knowledge base (runtime/knowledge: synced conversation messages and named
 * documents, full-text indexed), scoped to the plugin's workspace by the runtime. `upsert` stores
 * documents by `id`: the same id replaces.
 */
export interface KnowledgeBase {
  search(query: string, options?: { limit?: number }): Promise<KnowledgePassage[]>;
  upsert(documents: KnowledgeDocument[]): Promise<void>;
  /** Messages synced from a conversation source (a chat workspace), with their read checkpoints. */
  conversations?: ConversationStore;
}

/** One message of a conversation source (e.g. a chat team), stored once per (source, channel, ts). */
export interface ConversationMessage {
  /** The source the message was read from (for chat: the team id). */
  source_id: string;
  channel_id: string;
  channel_name: string;
  /** The source's message id, sortable as text within a channel (chat: `1700000000.000100`). */
  ts: string;
  thread_ts: string | null;
  author: string | null;
  text: string;
  posted_at: string;
}

/**
 * How far one channel of a source has been read. `synced_ts` is the newest message of the last
 * finished pass; `run_*` record the pass in flight (`run_low_ts`: the oldest message it stored),
 * so a pass cut off anywhere resumes below what it stored.
 */
export interface ConversationCheckpoint {
  source_id: string;
  channel_id: string;
  channel_name: string;
  synced_ts: string | null;
  run_id: string | null;
  run_newest_ts: string | null;
  run_low_ts: string | null;
  run_done: boolean;
  last_synced_at: string | null;
  updated_at: string;
}

/**
 * The workspace's conversation messages. Invariants: storing is idempotent (a message is unique
 * per source, channel and ts, a repeat replaces it); `storePage` commits the messages and the
 * checkpoint that records them in one transaction; the workspace never keeps more than the
 * runtime's cap of messages (the newest are kept, `enforceLimits`).
 */
export interface ConversationStore {
  store(messages: ConversationMessage[]): Promise<void>;
  storePage(messages: ConversationMessage[], checkpoint: ConversationCheckpoint): Promise<void>;
  checkpoint(sourceId: string, channelId: string): Promise<ConversationCheckpoint | undefined>;
  checkpoints(sourceId: string): Promise<ConversationCheckpoint[]>;
  saveCheckpoint(checkpoint: ConversationCheckpoint): Promise<void>;
  /** Top-level messages of the channel at or after `sinceTs`. */
  countSince(sourceId: string, channelId: string, sinceTs: string): Promise<number>;
  /** Thread ids of the channel with a message at or after `sinceTs`. */
  activeThreads(sourceId: string, channelId: string, sinceTs: string): Promise<string[]>;
  channelCounts(sourceId: string): Promise<Array<{ channel_id: string; channel_name: string; message_count: number }>>;
  /** Keeps the newest `keep` top-level messages of the channel (their threads with them). */
  trimChannel(sourceId: string, channelId: string, keep: number): Promise<void>;
  /**
   * Trims the workspace to the runtime's message cap, then (with `olderThan`) deletes the
   * source's messages posted before it (retention). Resolves with the number retention deleted.
   */
  enforceLimits(sourceId: string, olderThan?: string): Promise<number>;
  /** Deletes every message of the source; resolves with the number deleted. */
  purge(sourceId: string): Promise<number>;
}

/**
 * A `fetch` bound to the SSRF guard: names resolving to private addresses are refused unless the
 * operator set CREWD_ALLOW_PRIVATE_URLS=1, and redirects are not followed. Vendor clients that
 * accept a custom fetch (Octokit `request.fetch`, Slack `WebClient` via its agent) take it as is.
 */
export type PluginFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Everything a plugin sees. Built per (workspace, plugin) by the runtime. */
export interface PluginContext {
  workspaceId: string;
  /** The validated `settings` saved by configure, secrets removed; `{}` when not configured. */
  settings: Readonly<Record<string, unknown>>;
  /** Decrypted secrets named in `manifest.secrets`; absent keys were never configured. */
  secrets: Readonly<Record<string, string>>;
  logger: PluginLogger;
  clock: PluginClock;
  kv: PluginKeyValueStore;
  /** The workspace's knowledge base (runtime/knowledge); set by every runtime with storage. */
  knowledge?: KnowledgeBase;
  /** Durable runs of this plugin's `runners` (set where the runtime runs actors). */
  runs?: PluginRuns;
  fetch: PluginFetch;
  /**
   * A directory private to this (workspace, plugin) under the data dir, for local-folder
   * backends. It exists when `register` is called.
   */
  dataDir: string;
  /**
   * Operator-set base URLs of vendor APIs by plugin id, from any `CREWD_<ID>_API_URL` variable
   * (e.g. CREWD_CODE_API_URL → `code`). Read it through `plugins/shared/baseUrl.ts`, which
   * puts the workspace's `base_url` setting first.
   */
  apiUrls: Readonly<Record<string, string>>;
}

export interface Plugin {
  manifest: PluginManifest;
  /**
   * Builds the plugin's MCP server for one workspace. Called when the workspace's plugin
   * connection opens (first use, or after configure changed its settings). The runtime connects
   * the returned server over an in-memory transport and closes it on disconnect.
   */
  register(context: PluginContext): McpServer | Promise<McpServer>;
}

/**
 * What the integration runner sends to a flag tool. `content` is the outcome's Markdown so far
 * (at the flag's stage). `flag_value` is the deploy value (`true`, or e.g. the channel name).
 */
export interface IntegrationActionInput {
  outcome_id: string;
  crew: CrewId;
  stage: string;
  flag: string;
  flag_value: boolean | string;
  title: string;
  content: string;
  /** Stable across retries and crash recovery: `<outcome>:<stage>:<attempt>:<integration>`. */
  idempotency_key: string;
}

/**
 * What a flag tool answers in `structuredContent`. Link fields follow the spec's
 * `integrations_executed` entry (`post_url`, `file_url`, `file_id`, ...); `details` becomes
 * `integration.executed`'s `integration.details` (for chat: channel, message_ts, permalink).
 */
export interface IntegrationActionResult {
  status: 'success' | 'failed';
  post_url?: string;
  file_url?: string;
  file_id?: string;
  /** For posts whose stats the vendor can read (spec: `engagement {views, likes, comments}`). */
  engagement?: { views: number | null; likes: number; comments: number };
  details?: Record<string, unknown>;
  /** On an error result: true when a later attempt may succeed. */
  retryable?: boolean;
  error_code?: string;
  /** On a rate-limited error result: how long the vendor asked to wait (its Retry-After). */
  retry_after_ms?: number;
}

/** Helper for plugin authors: the tool answer for a successful integration action. */
export function actionResult(result: IntegrationActionResult) {
  return {
    content: [{ type: 'text' as const, text: JSON.stringify(result) }],
    structuredContent: result as unknown as Record<string, unknown>,
  };
}

/** Helper for plugin authors: a tool error the model (or the runner) can read. */
export function actionError(message: string, options: { retryable: boolean; code?: string }) {
  const result: IntegrationActionResult = { status: 'failed', retryable: options.retryable, error_code: options.code ?? 'integration_error' };
  return {
    isError: true,
    content: [{ type: 'text' as const, text: message }],
    structuredContent: result as unknown as Record<string, unknown>,
  };
}

/** Identity helper that type-checks a plugin definition. */
export function definePlugin(plugin: Plugin): Plugin {
  return plugin;
}

/**
 * The zod schema of `IntegrationActionInput`, for `registerTool(name, { inputSchema })` of a flag
 * tool, so every flag tool validates the runner's input the same way.
 */
export const integrationActionInputSchema = z.object({
  outcome_id: z.string(),
  crew: z.enum(['writer', 'mind', 'pilot']),
  stage: z.string(),
  flag: z.string(),
  flag_value: z.union([z.boolean(), z.string()]),
  title: z.string(),
  content: z.string(),
  idempotency_key: z.string(),
});
