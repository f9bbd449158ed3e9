import { openStorage } from '../compose/openStorage.js';
import { pluginMigrations } from '../compose/attachPlugins.js';
import { announceCrewStatus } from '../compose/shareChanges.js';
import { builtInPlugins } from '../../plugins/index.js';
import { createKeyService, type KeyService } from '../../runtime/auth/keyService.js';
import type { Clock } from '../../runtime/clock.js';
import type { Config } from '../../runtime/config.js';
import { createCrewCatalog, type CrewCatalog } from '../../runtime/crewCatalog.js';
import { createPostgresSignals } from '../../runtime/events/clusterSignals.js';
import { randomIds } from '../../runtime/ids.js';
import { createWorkspaceService, type WorkspaceService } from '../../runtime/workspaceService.js';
import type { Repositories } from '../../storage/index.js';

/** What the operator commands that work on the database use: the migrated database's repositories and three services. */
export interface AdminRuntime {
  repos: Repositories;
  keys: KeyService;
  workspaces: WorkspaceService;
  crews: CrewCatalog;
  close(): Promise<void>;
}

/**
 * The parts of the service an admin command (`workspaces`, `keys`, `crews set-status`, `actors`)
 * needs, without the rest of the runtime (HTTP, engine, tools, models, webhooks): loading the whole
 * service cost each command about 1 CPU-s, this about a third. The database is opened and migrated
 * as `createRuntime` does for a process that does not serve (no data directory lock, the built-in
 * plugins' tables included). On Postgres a crew status set here is announced to every serving
 * process, as `shareChanges` does in the service, and a key revoked here too (the key service's
 * notice, committed with the revoke); their revocation watch, which reads the database, remains
 * the safety net.
 */
export async function openAdminRuntime(config: Config, clock: Clock): Promise<AdminRuntime> {
  const { db, repos } = await openStorage(config, false, pluginMigrations(builtInPlugins()));
  const signals = config.databaseUrl ? createPostgresSignals({ connectionString: config.databaseUrl, node: randomIds.id('node', 12), onError: () => undefined }) : undefined;
  // No polling watch: a command lives for one call and verifies no key. With `signals` a revoke
  // NOTIFYs every serving process in its transaction, as the service's own revoke does.
  const keys = createKeyService({ apiKeys: repos.apiKeys, workspaces: repos.workspaces, clock, ids: randomIds, revocationPollMs: 0, ...(signals ? { signals } : {}), onError: () => undefined });
  const workspaces = createWorkspaceService({ repos, keys, clock, ids: randomIds });
  const crews = createCrewCatalog({ crewStatus: repos.crewStatus, clock });
  if (signals) {
    await signals.start();
    announceCrewStatus(signals, crews);
  }
  return {
    repos,
    keys,
    workspaces,
    crews,
    async close() {
      await signals?.close();
      await keys.close();
      await db.destroy();
    },
  };
}
