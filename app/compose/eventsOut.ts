import type http from 'node:http';
import type { Logger } from 'pino';
import { isPostgres, type Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { ActorHost } from '../../runtime/actors/actorHost.js';
import type { KeyService } from '../../runtime/auth/keyService.js';
import type { Clock } from '../../runtime/clock.js';
import type { Config } from '../../runtime/config.js';
import type { Scheduler as TimerService } from '../../runtime/scheduler/scheduler.js';
import type { EventBus } from '../../runtime/events/eventBus.js';
import type { IdGenerator } from '../../runtime/ids.js';
import type { RateLimiter } from '../../runtime/rateLimiter.js';
import type { SecretCipher } from '../../runtime/secrets/cipher.js';
import { createOutcomeStream, type OutcomeSnapshotSource, type OutcomeStream } from '../../http/stream/outcomeStream.js';
import { performance } from 'node:perf_hooks';
import { createWebhookDispatcher, type WebhookDispatcher } from '../../runtime/webhooks/dispatcher.js';
import { retryTimerKind, type RetryTimerPayload } from '../../runtime/webhooks/retryTimers.js';
import type { Metrics } from '../../runtime/metrics/createMetrics.js';
import { instrumentSender } from '../../runtime/metrics/instrumentSender.js';
import { createWebhookSender } from '../../runtime/webhooks/sender.js';
import { createWebhookService, type WebhookService } from '../../runtime/webhooks/service.js';
import type { ClusterSignals } from '../../runtime/events/clusterSignals.js';
import type { WebhookSender } from '../../runtime/webhooks/sender.js';

/** The cluster topic of webhook changes; the payload is the workspace id. */
export const webhooksTopic = 'webhooks';

export interface EventsOutDeps {
  config: Config;
  db: Db;
  /** Encrypts webhook secrets at rest (the process's one cipher). */
  cipher: SecretCipher;
  repos: Repositories;
  keys: KeyService;
  rateLimiter: RateLimiter;
  eventBus: EventBus;
  /** The process's actor host: webhook delivery actors run on it (register before `restoreAll`). */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  timers: TimerService;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** The outcome as GET /v1/outcomes/{id} shows it (the stream's first message). */
  snapshot: OutcomeSnapshotSource;
  /** Operator metrics: webhook attempts by result and latency. */
  metrics?: Metrics;
  /** Notices between processes on one database (scale-out); none on SQLite. */
  signals?: ClusterSignals;
  /** Adds to an event's data in webhook payloads only (issue 27: the signed approval links), given the public base URL. */
  webhookEventData?: (kind: string, data: unknown, baseUrl: string) => unknown;
  /** Wraps the webhook sender (tracing: a span per attempt, runtime/telemetry/traceSender.ts). */
  decorateSender?: (sender: WebhookSender) => WebhookSender;
}

export interface EventsOutOptions {
  /** Webhook attempts in flight at once (and sockets per receiver). */
  webhookConcurrency?: number;
  /** How often stranded webhook deliveries are looked for after start (default 15 s). */
  webhookRecoveryEveryMs?: number;
  /** How old a stranded delivery must be before periodic recovery takes it (default receiver timeout + 10 s). */
  webhookRecoveryGraceMs?: number;
  streamPingEveryMs?: number;
  streamMaxBufferedBytes?: number;
}

/**
 * Everything that carries events out of the service, wired from config: the webhook service
 * (CRUD, secrets encrypted at rest), the dispatcher (events table -> signed deliveries with
 * durable retries) and the WebSocket outcome stream. Nothing runs until `start()`; `close()`
 * stops them (before the database closes).
 */
export function createEventsOut(deps: EventsOutDeps, options: EventsOutOptions = {}): EventsOut {
  const { config, db, repos, clock, logger, cipher } = deps;
  const concurrency = options.webhookConcurrency ?? 64;
  const timedSender = instrumentSender(
    createWebhookSender({ timeoutMs: config.webhookTimeoutMs, allowPrivate: config.allowPrivateUrls, connections: concurrency, clock: performance }),
    deps.metrics,
  );
  const sender = deps.decorateSender ? deps.decorateSender(timedSender) : timedSender;
  let publicUrl: string | undefined;

  const dispatcher = createWebhookDispatcher({
    db,
    actors: deps.actors,
    events: repos.events,
    webhooks: repos.webhooks,
    deliveries: repos.webhookDeliveries,
    eventBus: deps.eventBus,
    sender,
    cipher,
    timers: {
      // Recovery's timers, written through the timer service's own table; the service's poller
      // fires them. (A result's retry timer is written by the actor host's tick, with the result.)
      async schedule(trx, key, dueAt, payload) {
        await repos.timers.upsert({ kind: retryTimerKind, key, due_at: dueAt, payload, created_at: clock.now().toISOString() }, trx);
      },
    },
    clock,
    monotonic: performance,
    ids: deps.ids,
    logger: logger.child({ component: 'webhooks' }),
    schedule: config.webhookRetryDelaysMs,
    jitter: config.webhookRetryJitter,
    random: Math.random,
    timeoutMs: config.webhookTimeoutMs,
    publicUrl: () => publicUrl,
    ...(deps.webhookEventData ? { eventData: (kind: string, data: unknown) => deps.webhookEventData!(kind, data, config.publicUrl ?? publicUrl ?? '') } : {}),
    concurrency,
    // At start on SQLite no other process can be mid-attempt (one process per data directory); on
    // Postgres another node may be, so it gets the time an attempt can take.
    startRecoveryGraceMs: isPostgres(db) ? config.webhookTimeoutMs + 10_000 : 0,
    recoveryEveryMs: options.webhookRecoveryEveryMs,
    recoveryGraceMs: options.webhookRecoveryGraceMs,
    ...(deps.signals ? { signals: deps.signals } : {}),
  });
  deps.timers.register(retryTimerKind, (timer) => dispatcher.onRetryDue(timer.payload as RetryTimerPayload));

  const webhooks = createWebhookService({
    webhooks: repos.webhooks,
    deliveries: repos.webhookDeliveries,
    events: repos.events,
    cipher,
    clock,
    ids: deps.ids,
    allowPrivateUrls: config.allowPrivateUrls,
    dispatch: {
      // A change made through this process reaches every other process's dispatcher (scale-out).
      webhooksChanged(workspaceId) {
        dispatcher.webhooksChanged(workspaceId);
        deps.signals?.send(webhooksTopic, workspaceId);
      },
      sendTest: (webhook, requestedEvent) => dispatcher.sendTest(webhook, requestedEvent),
      redeliver: (row) => dispatcher.redeliver(row),
    },
  });
  deps.signals?.on(webhooksTopic, (workspaceId) => {
    if (typeof workspaceId === 'string') dispatcher.webhooksChanged(workspaceId);
  });

  const stream = createOutcomeStream({
    keys: deps.keys,
    rateLimiter: deps.rateLimiter,
    events: repos.events,
    eventBus: deps.eventBus,
    snapshot: deps.snapshot,
    clock,
    ids: deps.ids,
    logger: logger.child({ component: 'stream' }),
    pingEveryMs: options.streamPingEveryMs,
    maxBufferedBytes: options.streamMaxBufferedBytes,
  });

  return {
    webhooks,
    dispatcher,
    stream,
    /** Restores unfinished deliveries and starts following the events table. */
    async startDispatcher(): Promise<void> {
      await dispatcher.start();
    },
    /** Serves the stream on this server's upgrade requests (every one of them: unknown paths get 404). */
    attach(server: http.Server, url: string): void {
      publicUrl = url;
      server.on('upgrade', stream.handleUpgrade);
    },
    /** Closes every stream with 1001; call before the HTTP server closes (upgraded sockets hold it open). */
    async closeStreams(): Promise<void> {
      await stream.close();
    },
    /**
     * Lets webhook attempts in flight finish, has their results written and closes the sender's
     * sockets; call after the timers stopped and before the actor host stops (it writes the results).
     */
    async close(): Promise<void> {
      await stream.close();
      await dispatcher.stop();
      await sender.close();
    },
  };
}

/** Everything that carries events out of the process: signed webhooks and the outcome stream. */
export interface EventsOut {
  webhooks: WebhookService;
  dispatcher: WebhookDispatcher;
  stream: OutcomeStream;
  /** Restores unfinished deliveries and starts following the events table. */
  startDispatcher(): Promise<void>;
  /** Serves the stream on this server's upgrade requests (every one of them: unknown paths get 404). */
  attach(server: http.Server, url: string): void;
  /** Closes every stream with 1001; call before the HTTP server closes (upgraded sockets hold it open). */
  closeStreams(): Promise<void>;
  /**
   * Lets webhook attempts in flight finish, has their results written and closes the sender's
   * sockets; call after the timers stopped and before the actor host stops (it writes the results).
   */
  close(): Promise<void>;
}
