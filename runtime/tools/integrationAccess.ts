import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../clock.js';

/** What a workspace may use: read from its saved integration settings, at `at` (clock ms). */
export interface IntegrationAccessEntry {
  at: number;
  /** Usable integration ids: registered, and configured and authorized (or working unconfigured). */
  ids: ReadonlySet<string>;
  /** Configured integration ids whose plugin is still installed. */
  configured: readonly string[];
}

/** The few-second cache of what each workspace may use, shared by every running outcome's stages. */
export interface IntegrationAccess {
  /** The workspace's entry: cached (under 5 s old), the read under way, or a new read. */
  read(workspaceId: string): Promise<IntegrationAccessEntry>;
  /** Drops the cached entry and any read under way (a configure changed what they would say). */
  forget(workspaceId: string): void;
}

/** Entries kept before the cache starts over (a bound on memory, not an eviction policy). */
const maxEntries = 10_000;
const freshMs = 5_000;

/**
 * Which integrations each workspace may use, cached per workspace for a few seconds. Invariants:
 * one read per workspace at a time, shared by every caller that asks while it is under way (every
 * running outcome's stage asks when the entry expires: without this each asked the database
 * itself, measured 1.1 queries per completed outcome in `npm run bench -- engine`, most of its
 * statements, on the one SQLite connection); a read that `forget` dropped is never cached, so an
 * entry never says what was there before a configure on this node; a failed read is not cached.
 */
export function createIntegrationAccess(deps: { registry: PluginRegistry; repos: Repositories; clock: Clock }): IntegrationAccess {
  const available = new Map<string, IntegrationAccessEntry>();
  /** The read under way per workspace. */
  const reading = new Map<string, Promise<IntegrationAccessEntry>>();

  async function readAccess(workspaceId: string, now: number): Promise<IntegrationAccessEntry> {
    const rows = await deps.repos.integrationConfigs.list(workspaceId);
    const configured = rows.map((row) => row.integration_id).filter((id) => deps.registry.get(id) !== undefined);
    const authorized = new Set(rows.filter((row) => row.settings.__auth_status !== 'auth_required').map((row) => row.integration_id));
    const ids = new Set(deps.registry.list().filter((plugin) => plugin.manifest.worksUnconfigured || authorized.has(plugin.manifest.id)).map((plugin) => plugin.manifest.id));
    return { at: now, ids, configured };
  }

  return {
    async read(workspaceId: string): Promise<IntegrationAccessEntry> {
      const now = deps.clock.now().getTime();
      const cached = available.get(workspaceId);
      if (cached && now - cached.at < freshMs) return cached;
      const under = reading.get(workspaceId);
      if (under) return under;
      const read = readAccess(workspaceId, now);
      reading.set(workspaceId, read);
      read.then(
        (entry) => {
          // Kept only while no configure forgot this read (it would say what was there before).
          if (reading.get(workspaceId) !== read) return;
          reading.delete(workspaceId);
          if (available.size > maxEntries) available.clear();
          available.set(workspaceId, entry);
        },
        () => {
          if (reading.get(workspaceId) === read) reading.delete(workspaceId);
        },
      );
      return read;
    },

    forget(workspaceId: string): void {
      available.delete(workspaceId);
      reading.delete(workspaceId);
    },
  };
}
