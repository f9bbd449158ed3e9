import type { Logger } from 'pino';
import { createHttpApp } from '../http/app.js';
import { isPostgres } from '../storage/db.js';
import { createActorHost } from '../runtime/actors/actorHost.js';
import { createKeyService } from '../runtime/auth/keyService.js';
import { systemClock, type Clock } from '../runtime/clock.js';
import { builtInPlugins } from '../plugins/index.js';
import { createKnowledgeService } from '../runtime/knowledge/knowledgeService.js';
import { buildHttpDeps } from './compose/buildHttpDeps.js';
import { attachPlugins, pluginMigrations } from './compose/attachPlugins.js';
import { buildMetrics } from './compose/buildMetrics.js';
import { buildModel } from './compose/buildModel.js';
import { buildTracing } from './compose/buildTracing.js';
import { buildScaleOut } from './compose/buildScaleOut.js';
import { buildCommandForwarding } from './compose/buildCommandForwarding.js';
import { buildIdempotency } from './compose/buildIdempotency.js';
import { buildStageServices } from './compose/buildStageServices.js';
import { buildOutcomes } from './compose/buildOutcomes.js';
import { actorStarter } from './compose/startActors.js';
import { buildEventsOut } from './compose/buildEventsOut.js';
import { runtimeLifecycle } from './compose/lifecycle.js';
import { shareChanges } from './compose/shareChanges.js';
import { openStorage } from './compose/openStorage.js';
import type { Config } from '../runtime/config.js';
import { createCrewCatalog } from '../runtime/crewCatalog.js';
import { createEventBus } from '../runtime/events/eventBus.js';
import { timeOrderedIds, type IdGenerator } from '../runtime/ids.js';
import { createLogger, knexLog } from '../runtime/logger.js';
import { logLevelOf } from '../runtime/logLevelOf.js';
import type { ModelProvider } from '../models/types.js';
import { createRateLimiter } from '../runtime/rateLimiter.js';
import { createTools, type ToolsOptions } from '../runtime/tools/index.js';
import { createCipher } from '../runtime/secrets/cipher.js';
import { loadSecretKey } from '../runtime/secrets/secretKey.js';
import type { EventsOutOptions } from './compose/eventsOut.js';
import { buildApprovalSlots, buildDecisions } from './compose/buildApprovals.js';
import { createScheduler } from '../runtime/scheduler/scheduler.js';
import { createWorkspaceService } from '../runtime/workspaceService.js';
import type { Runtime } from './ports.js';

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
  /** Plugins, tool settings and randomness of the MCP client side (tests, benchmarks). */
  tools?: ToolsOptions;
}

/**
 * The one composition root: storage, services and HTTP, built from config. Nothing listens until
 * `listen()`; `close()` stops accepting, lets in-flight requests finish, then closes the database.
 * Each part is wired by its own file in app/compose/; this function only orders them.
 */
export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? timeOrderedIds(clock);
  const logger = options.logger ?? createLogger(config.logLevel);
  const serving = options.bootstrap !== false;
  // The plugins' own tables are migrated with the service's (contract: `Plugin.migrations`).
  const declaredPlugins = options.tools?.plugins ?? builtInPlugins();
  const { db, repos, releaseDataDir } = await openStorage(config, serving, pluginMigrations(declaredPlugins), knexLog(logger));
  // The one cipher of the process: the key file is read here, once, and the cipher handed to
  // every part that stores secrets (idempotent answers, tool credentials, chat tokens, webhook secrets).
  const secretKey = loadSecretKey({ secretKeyBase64: config.secretKey, dataDir: config.dataDir });
  const cipher = createCipher(secretKey);
  // Scale-out (issue 16): notices between processes, shared rate limits, one secrets key per database.
  // A start refused here (a secrets key that is not the database's) closes the pool it opened: its
  // idle connection kept the process alive for knex's idle timeout (30 s) before `serve` exited 2.
  const scale = await buildScaleOut({ config, db, cipher, clock, logger, node: ids.id('node', 12), serving }).catch(async (error: unknown) => {
    await db.destroy();
    releaseDataDir?.();
    throw error;
  });
  const keys = createKeyService({ apiKeys: repos.apiKeys, workspaces: repos.workspaces, clock, ids, signals: scale.signals, onError: (error, message) => logger.warn({ err: error }, message) });
  // This process's owner id: idempotency leases and (on Postgres) actor leases carry it.
  const node = ids.id('node', 16);
  const idempotency = await buildIdempotency({ config, db, repos, cipher, clock, logger, owner: node, serving });
  const workspaces = createWorkspaceService({ repos, keys, clock, ids });
  const crews = createCrewCatalog({ crewStatus: repos.crewStatus, clock });
  const rateLimiter = createRateLimiter(() => clock.now().getTime(), scale.rateLimitStore);
  const eventBus = createEventBus((error) => logger.error({ err: error }, 'event listener failed'), scale.signals);
  // Prometheus series; the actor host and the stream they read at scrape time are bound below.
  const { metrics, bindSources: bindMetricSources, stop: stopMetrics } = buildMetrics(db, eventBus);
  // Error level only for what an operator must act on; designed stops (fencing, shutdown) below it.
  const onError = (error: unknown, message: string) => logger[logLevelOf(error)]({ err: error }, message);
  // The actor host writes every tick and publishes committed events; the scheduler keeps durable
  // timers; the outcome engine (commands, queue, stage runner, machines) runs on the host, and so
  // do the plugins' durable runs (the chat sync).
  // On Postgres several processes share the actors: each runs the ones it holds a lease on
  // (DESIGN section 3, docs/leases.md). SQLite's data-directory lock makes leasing needless there.
  // A process that runs no actors (API only, admin commands) takes no leases: the rows of what it
  // accepts stay unowned, for any worker to claim at once.
  const leasing = isPostgres(db) && config.roles.worker && (options.runActors ?? serving);
  const actorHost = createActorHost({ db, repos, eventBus, clock, onError, ...(leasing ? { leases: { owner: node, leaseMs: config.leaseMs } } : {}) });
  // The knowledge base (runtime/knowledge): stages search it, plugins get it as `context.knowledge`.
  const knowledge = createKnowledgeService({ repo: repos.knowledgeBase, checkpoints: repos.conversationCheckpoints, clock });
  // Each plugin with `attach` gets its host (database, cipher, errors, `connect`) and answers the
  // running plugin: its stores, runners, jobs, routes and recovery wired (the chat sync, /api/chat).
  const plugins = attachPlugins(declaredPlugins, {
    db,
    cipher,
    clock,
    logger,
    apiUrls: config.pluginApiUrls,
    actors: repos.actors,
    connect: (workspaceId, pluginId, secrets) => tools.integrations.saveSecretsAndConnect(workspaceId, pluginId, secrets),
  });
  // Tools: plugins in process and MCP servers per workspace, with the knowledge base and durable runs.
  // Postgres: cancel, revise, retry and plugin runs (the chat sync) for an actor another process
  // holds go to that process (docs/leases.md).
  const commands = serving ? await buildCommandForwarding({ config, db, clock, ids, logger, node }) : undefined;
  const tools = createTools({ config, repos, cipher, clock, ids, logger, plugins, actors: actorHost, ...(commands ? { forwarding: { commands: commands.forwarding, local: leasing } } : {}) }, { ...options.tools, knowledge: (workspaceId) => knowledge.forWorkspace(workspaceId) });
  // scale-out: crew status and tool connection changes reach every process.
  shareChanges(scale.signals, { crews, connections: tools.connections, logger });
  const bootstrap = options.bootstrap === false ? null : await workspaces.bootstrap(config.bootstrapKey);
  // The stages' model: on worker threads for the local model when there is a spare core.
  const model = buildModel(config, options.modelProvider, metrics, logger);
  // OpenTelemetry traces (docs/tracing.md): off, with nothing wrapped, unless an OTLP endpoint is set.
  const { tracing, model: tracedModel } = buildTracing(config, version, model.provider, options.modelProvider !== undefined, logger);
  // On Postgres the table is also read for rows other processes wrote (their writer died) and claims
  // that expired: every 5 s, not every second in every process (issue 30); due times this process
  // wrote are still read when they come.
  const scheduler = createScheduler({ repo: repos.timers, clock, node: `node-${process.pid}`, onError, skipLocked: isPostgres(db), ...(isPostgres(db) ? { idlePollMs: 5_000 } : {}) });
  // Plugin jobs (contract: manifest.jobs) ride on the durable timers (integrations branch).
  if (serving) await tools.pluginJobs.install(scheduler);
  // The outcome's trace context while its actor is live (tool call and webhook spans join it).
  const traceparentOf = (outcomeId: string) => engine.machines.outcome.get(outcomeId)?.getSnapshot().context.traceparent;
  const services = buildStageServices(tools, knowledge, tracing.active, traceparentOf);
  // Approvals (issue 27): the outcome chart's wait, its links, decisions and expiry timers.
  const approvals = buildApprovalSlots({ secretKey, repos, clock, crews, tools, services, host: actorHost });
  const { engine, outcomes } = buildOutcomes({ config, db, repos, clock, ids, crews, host: actorHost, model, logger, onError, services, approvals: approvals.slots, tools, tracing: { active: tracing.active, model: tracedModel }, signals: scale.signals, commands, leasing });
  const decisions = buildDecisions({ repos, clock, host: actorHost, machines: engine.machines, scheduler, ...(commands ? { commands } : {}), leasing });
  const startActors = actorStarter({ plugins, tools, engine, actorHost, commands, leasing, scheduler });
  const eventsOut = buildEventsOut({ config, db, cipher, repos, keys, rateLimiter, eventBus, actors: actorHost, timers: scheduler, clock, ids, logger, metrics, signals: scale.signals, links: approvals.links, tracing, live: traceparentOf }, options.eventsOut);
  bindMetricSources(actorHost, eventsOut.stream);
  // Every unfinished actor resumes on its own at start (DESIGN section 2).
  if ((options.runActors ?? serving) && config.roles.worker) {
    const restored = await startActors();
    if (restored > 0) logger.info({ restored }, 'restored unfinished actors');
    await eventsOut.startDispatcher();
    // Jobs that catch up a tick missed while the service was down (the chat sync's 02:00 UTC).
    await tools.pluginJobs.runAtStart();
  }

  const deps = buildHttpDeps({ config, clock, ids, logger, db, repos, keys, workspaces, rateLimiter, crews, eventBus, outcomes, actorHost, eventsOut, tools, idempotency, version, metrics, approvals: { decisions, links: approvals.links } });
  const { app, router, routes, document, mcp } = createHttpApp(deps);
  const closing = { eventsOut, pluginRuns: tools.pluginRuns, scheduler, actorHost, model, tools, idempotency, keys, stopMetrics, db, releaseDataDir, tracing };
  const lifecycle = runtimeLifecycle({ config, app, logger, eventsOut, mcp, engine, signals: scale.signals, commands, closing, rateLimiter });

  return {
    config,
    db,
    repos,
    keys,
    workspaces,
    crews,
    eventBus,
    outcomes,
    /** Answers to outcomes' pending actions (issue 27), routed to each outcome's owner. */
    decisions,
    actorHost,
    scheduler,
    startActors,
    eventsOut,
    /** The knowledge base (runtime/knowledge): stages' retrieval, plugins' `context.knowledge`. */
    knowledge,
    tools,
    logger,
    app,
    router,
    routes,
    document,
    metrics,
    /** Notices between processes on one database (scale-out; the in-process variant on SQLite). */
    signals: scale.signals,
    /** OpenTelemetry tracing (docs/tracing.md); `active` is undefined when it is off. */
    tracing,
    /** Set when this start created the first key: its secret is shown once. */
    bootstrap,
    listen: lifecycle.listen,
    get server() {
      return lifecycle.server;
    },
    close: lifecycle.close,
  };
}

export type { Runtime };
