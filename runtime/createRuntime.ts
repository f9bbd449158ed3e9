import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createHttpApp } from '../http/app.js';
import type { HttpDeps } from '../http/deps.js';
import { outcomeView } from '../http/views/outcome.js';
import { openDb, type Db } from '../storage/db.js';
import { createRepositories } from '../storage/index.js';
import { migrateLatest } from '../storage/migrate.js';
import { createKeyService } from './auth/keyService.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { createCrewCatalog } from './crewCatalog.js';
import { createEngine } from './engine/engine.js';
import { createEventBus } from './events/eventBus.js';
import { randomIds, type IdGenerator } from './ids.js';
import { createLogger, flushLogger } from './logger.js';
import { createModelProvider } from './models/createModelProvider.js';
import { withRetry } from './models/withRetry.js';
import { createWorkerModel } from './engine/modelWorkers.js';
import type { ModelProvider } from './models/types.js';
import { createRateLimiter } from './rateLimiter.js';
import { createEventsOut, type EventsOutOptions } from './webhooks/eventsOut.js';
import { createWorkspaceService } from './workspaceService.js';

export const version = '0.1.0';

export interface RuntimeOptions {
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  /** Create workspace `default` and its first key when no key exists (serve does; admin commands don't). */
  bootstrap?: boolean;
  /** Restore and run outcome actors (serve does; admin commands don't). Default: same as `bootstrap`. */
  runActors?: boolean;
  /** Replaces the configured model provider (tests, benchmarks). */
  modelProvider?: ModelProvider;
  /** Webhook and stream tuning (tests, benchmarks). */
  eventsOut?: EventsOutOptions;
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
  // The local model runs on worker threads when there is a spare core (its CPU work then runs
  // beside the actors and the database); any other provider is called in process.
  const workerModel =
    !options.modelProvider && config.model === 'local' && os.availableParallelism() > 1
      ? createWorkerModel({ workers: Math.min(4, os.availableParallelism() - 1), delayMs: config.localModelDelayMs, onError: (error, message) => logger.error({ err: error }, message) })
      : undefined;
  const provider =
    options.modelProvider ??
    (workerModel
      ? withRetry(workerModel.provider)
      : createModelProvider({
          model: config.model,
          localDelayMs: config.localModelDelayMs,
          openai: { model: config.openai.model, ...(config.openai.baseURL ? { baseURL: config.openai.baseURL } : {}), ...(config.openai.apiKey ? { apiKey: config.openai.apiKey } : {}) },
        }));
  const engine = createEngine({ db, repos, clock, ids, eventBus, crews, provider, ...(workerModel ? { measure: workerModel.measure, onStop: workerModel.close } : {}), onError: (error, message) => logger.error({ err: error }, message) });
  // Webhooks, their dispatcher (retries on the engine's durable timers) and the outcome stream.
  const eventsOut = createEventsOut(
    {
      config,
      db,
      repos,
      keys,
      rateLimiter,
      eventBus,
      timers: engine.timers,
      clock,
      ids,
      logger,
      async snapshot(workspaceId, outcomeId) {
        const row = await repos.outcomes.get(workspaceId, outcomeId);
        return row ? { status: row.status, view: outcomeView(row) } : undefined;
      },
    },
    options.eventsOut,
  );
  // Every unfinished actor resumes on its own at start (DESIGN section 2).
  if (options.runActors ?? options.bootstrap !== false) {
    const { restored } = await engine.start();
    if (restored > 0) logger.info({ restored }, 'restored unfinished actors');
  }
  if (options.runActors ?? options.bootstrap !== false) await eventsOut.startDispatcher();

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
    engine,
    webhooks: eventsOut.webhooks,
    version,
    async databaseReady() {
      try {
        // A migrated table, not just `select 1`: ready means the schema is there too.
        await db.raw('select 1 from crewd_migrations limit 1');
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
    engine,
    eventsOut,
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
      const url = `http://${shownHost}:${address.port}`;
      eventsOut.attach(server, url);
      return url;
    },

    get server() {
      return server;
    },

    async close(): Promise<void> {
      // Upgraded (WebSocket) sockets would hold server.close() open: close the streams first.
      await eventsOut.closeStreams();
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
      // Actors persist and stop before the database goes away.
      await engine.stop();
      // After the timers stopped: attempts in flight finish and are stored.
      await eventsOut.close();
      await keys.close();
      await db.destroy();
      flushLogger(logger);
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof createRuntime>>;
