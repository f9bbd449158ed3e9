import type http from 'node:http';
import type { Logger } from 'pino';
import type { HttpApp } from '../http/ports.js';
import type {
  ActorHost,
  ClusterSignals,
  Config,
  CrewCatalog,
  Decisions,
  EventBus,
  KeyService,
  KnowledgeService,
  Metrics,
  Outcomes,
  Scheduler,
  Tracing,
  WorkspaceService,
} from '../runtime/ports.js';
import type { Tools } from '../runtime/tools/index.js';
import type { Db } from '../storage/db.js';
import type { Repositories } from '../storage/ports.js';
import type { WorkspaceRow } from '../storage/repositories/workspaces.js';
import type { EventsOut } from './compose/eventsOut.js';

/**
 * What the composition root offers its callers (the CLI, the tests, the benchmarks): the process
 * it wired, declared here rather than inferred from createRuntime (issue 28, item 3), so a part
 * added to the wiring is not exposed until it is named here.
 */
export type { EventsOut } from './compose/eventsOut.js';

/** One running crewd process (app/createRuntime.ts): its parts, then its lifecycle. */
export interface Runtime {
  config: Config;
  db: Db;
  repos: Repositories;
  keys: KeyService;
  workspaces: WorkspaceService;
  crews: CrewCatalog;
  eventBus: EventBus;
  outcomes: Outcomes;
  /** Answers to outcomes' pending actions (issue 27), routed to each outcome's owner. */
  decisions: Decisions;
  actorHost: ActorHost;
  scheduler: Scheduler;
  /** Restores every unfinished actor, then starts the timers (once; `serve` does it at start); answers how many were restored. */
  startActors(): Promise<number>;
  eventsOut: EventsOut;
  /** The knowledge base (runtime/knowledge): stages' retrieval, plugins' `context.knowledge`. */
  knowledge: KnowledgeService;
  tools: Tools;
  logger: Logger;
  app: HttpApp['app'];
  router: HttpApp['router'];
  routes: HttpApp['routes'];
  document: HttpApp['document'];
  metrics: Metrics;
  /** Notices between processes on one database (scale-out; the in-process variant on SQLite). */
  signals: ClusterSignals;
  /** OpenTelemetry tracing (docs/tracing.md); `active` is undefined when it is off. */
  tracing: Tracing;
  /** Set when this start created the first key: its secret is shown once. */
  bootstrap: { workspace: WorkspaceRow; keyId: string; secret: string } | null;
  /** Starts serving (API, or only probes and /metrics on a worker-only process); answers the URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** The HTTP server once `listen` was called. */
  readonly server: http.Server | undefined;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}
