import type { Logger } from 'pino';
import type { Db } from '../../storage/db.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { EventsRepository } from '../../storage/repositories/events.js';
import type { WebhookDeliveriesRepository } from '../../storage/repositories/webhookDeliveries.js';
import type { WebhooksRepository } from '../../storage/repositories/webhooks.js';
import type { Clock } from '../clock.js';
import type { ClusterSignals } from '../events/clusterSignals.js';
import type { EventBus } from '../events/eventBus.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { RetrySchedule } from './retryPolicy.js';
import type { RetryTimers } from './retryTimers.js';
import type { MonotonicClock, WebhookSender } from './sender.js';

/** What the webhook dispatcher is built from; a leaf file, so the dispatcher's parts read it without importing the dispatcher. */
export interface WebhookDispatcherOptions {
  db: Db;
  /** The process's actor host: delivery actors run on it and its ticks store their rows. */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  events: EventsRepository;
  webhooks: WebhooksRepository;
  deliveries: WebhookDeliveriesRepository;
  eventBus: EventBus;
  sender: WebhookSender;
  cipher: SecretCipher;
  timers: RetryTimers;
  clock: Clock;
  /** Elapsed-time source for cache ages and hole waits (performance.now in production). */
  monotonic: MonotonicClock;
  ids: IdGenerator;
  logger: Logger;
  schedule: RetrySchedule;
  /** Most a retry's delay is lengthened, as a fraction of it; default 0 (none). The service's config defaults to 0.2. */
  jitter?: number;
  /** The jitter's random source, in [0, 1); default Math.random. */
  random?: () => number;
  /** Receiver timeout; bounds how long a shutdown waits for attempts in flight. */
  timeoutMs: number;
  /** Public base URL for the outcome links of debug payloads. */
  publicUrl?: () => string | undefined;
  /** What a webhook payload carries as an event's data (default: the stored data). */
  eventData?: (kind: string, data: unknown) => unknown;
  /** Attempts in flight at once (the sender's socket pool should be at least this big). */
  concurrency?: number;
  /** Events read per fan-out pass. */
  batchSize?: number;
  /** Deliveries kept in memory at once; the tail waits while more are live. */
  maxLive?: number;
  /** Safety-net poll of the events table (bus notifications are hints). */
  pollEveryMs?: number;
  /**
   * The processes sharing the database (Postgres): the node that moves the fan-out's cursor tells
   * the others, who then leave the fan-out to it, and the poll reads only when this node may be
   * behind or `idlePollMs` after its last pass. Without it (SQLite) every poll reads.
   */
  signals?: ClusterSignals;
  /** With shared `signals`: the longest a node goes without reading when it knows of nothing new (lost notices). */
  idlePollMs?: number;
  /** How long a hole in event positions (a writer that has not committed yet) is waited for. */
  gapWaitMs?: number;
  /** Grace of the recovery at start (0 when no other process can be mid-attempt: SQLite). */
  startRecoveryGraceMs?: number;
  /** How often recovery runs after start. */
  recoveryEveryMs?: number;
  /** How old a stranded delivery must be before periodic recovery takes it (outlasts an attempt). */
  recoveryGraceMs?: number;
}
