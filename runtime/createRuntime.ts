import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createHttpApp } from '../http/app.js';
import type { HttpDeps } from '../http/deps.js';
import { openDb, type Db } from '../storage/db.js';
import { createRepositories } from '../storage/index.js';
import { migrateLatest } from '../storage/migrate.js';
import { createKeyService } from './auth/keyService.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { createCrewCatalog } from './crewCatalog.js';
import { createEventBus } from './events/eventBus.js';
import { randomIds, type IdGenerator } from './ids.js';
import { createLogger, flushLogger } from './logger.js';
import { createRateLimiter } from './rateLimiter.js';
import { createWorkspaceService } from './workspaceService.js';

export const version = '0.1.0';

export interface RuntimeOptions {
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  /** Create workspace `default` and its first key when no key exists (serve does; admin commands don't). */
  bootstrap?: boolean;
}

/**
 * The one composition root: storage, services and HTTP, built from config. Nothing listens until
 * `listen()`; `close()` stops accepting, lets in-flight requests finish, then closes the database.
 */
export async function createRuntime(config: Config, options: RuntimeOptions = {}) {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const logger = options.logger ?? createLogger(config.logLevel);
  const db: Db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateLatest(db);
  const repos = createRepositories(db);
  const keys = createKeyService({ apiKeys: repos.apiKeys, workspaces: repos.workspaces, clock, ids });
  const workspaces = createWorkspaceService({ repos, keys, clock, ids });
  const crews = createCrewCatalog({ crewStatus: repos.crewStatus, clock });
  const rateLimiter = createRateLimiter(() => clock.now().getTime());
  const eventBus = createEventBus((error) => logger.error({ err: error }, 'event listener failed'));
  const bootstrap = options.bootstrap === false ? null : await workspaces.bootstrap(config.bootstrapKey);

  const deps: HttpDeps = {
    config,
    clock,
    ids,
    logger,
    repos,
    keys,
    workspaces,
    rateLimiter,
    crews,
    eventBus,
    version,
    async databaseReady() {
      try {
        await db.raw('select 1');
        return true;
      } catch {
        return false;
      }
    },
  };
  const { app, router, routes, document } = createHttpApp(deps);
  let server: http.Server | undefined;

  return {
    config,
    db,
    repos,
    keys,
    workspaces,
    crews,
    eventBus,
    logger,
    app,
    router,
    routes,
    document,
    /** Set when this start created the first key: its secret is shown once. */
    bootstrap,

    async listen(port = config.port, host = config.host): Promise<string> {
      server = http.createServer(app.callback());
      server.keepAliveTimeout = 65_000;
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${shownHost}:${address.port}`;
    },

    get server() {
      return server;
    },

    async close(): Promise<void> {
      if (server) {
        const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
        // Connections that finish their request while we wait become idle: close those too, and
        // after the grace period cut whatever is still open.
        const sweep = setInterval(() => server!.closeIdleConnections(), 50);
        const deadline = setTimeout(() => server!.closeAllConnections(), 10_000);
        server.closeIdleConnections();
        await closing;
        clearInterval(sweep);
        clearTimeout(deadline);
      }
      await keys.close();
      await db.destroy();
      flushLogger(logger);
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof createRuntime>>;
