import type { KnowledgeBase } from './knowledge.js';
import type { PluginRuns } from './runs.js';

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
