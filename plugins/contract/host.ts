import type { Knex } from 'knex';
import type { PluginClock, PluginLogger } from './context.js';

/**
 * Errors in the spec's error shape `{error: {code, message, details}}`, made with the service's own
 * error class: thrown from a plugin route (or anything it calls), they are answered like every
 * other route's, with `status` and `headers`. A 4xx message is shown to the caller; a 5xx one only
 * with `expose` (a message naming an upstream and no internals, e.g. a vendor outage as 502).
 */
export interface PluginErrors {
  create(status: number, code: string, message: string, details?: Record<string, unknown>, options?: { headers?: Record<string, string>; expose?: boolean }): Error;
}

/** The process's one secrets cipher, for a plugin that keeps a credential in its own table. */
export interface PluginSecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

/** Unfinished actor rows an earlier version kept for a machine the plugin no longer runs. */
export interface PluginLegacyActors {
  listActive(machine: string): Promise<Array<{ id: string; state_value: string; snapshot: unknown }>>;
  remove(id: string): Promise<void>;
}

/**
 * What the runtime hands a plugin once at start (`Plugin.attach`), to build what lives beside its
 * MCP server: stores over its own tables, its runners and jobs, its HTTP routes.
 */
export interface PluginHost {
  /** The service's database, migrated with the plugin's `migrations`; query only the plugin's tables. */
  db: Knex;
  secretBox: PluginSecretBox;
  clock: PluginClock;
  logger: PluginLogger;
  errors: PluginErrors;
  /** Operator-set base URLs of vendor APIs by plugin id (as `PluginContext.apiUrls`). */
  apiUrls: Readonly<Record<string, string>>;
  /**
   * Saves `secrets` as this plugin's integration secrets in the workspace and opens its tool
   * connection unless one exists; resolves with the connection's id (null when none was opened).
   */
  connect(workspaceId: string, secrets: Record<string, string>): Promise<string | null>;
  legacyActors: PluginLegacyActors;
}

/** Starts a run of this plugin's runner under a given run id (see `PluginRecovery`). */
export type PluginAdopt = (workspaceId: string, runner: string, key: string, runId: string, input: Record<string, unknown>) => Promise<void>;

/**
 * Work an earlier version left in flight, taken over at start: `take` runs before the actor host
 * restores (remove what it could not restore) and answers how many were taken; `adopt` runs after,
 * and starts each again as one of the plugin's durable runs.
 */
export interface PluginRecovery {
  take(): Promise<number>;
  adopt(adopt: PluginAdopt): Promise<void>;
}
