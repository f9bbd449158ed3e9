import type { HttpDeps } from '../../http/deps.js';
import type { SseOpener } from '../../http/stream/sseStream.js';
import type { Db } from '../../storage/db.js';
import type { ActorHostHealth } from '../../runtime/actors/actorHost.js';
import type { Metrics } from '../../runtime/metrics/createMetrics.js';
import type { WebhookService } from '../../runtime/webhooks/service.js';

/** The runtime's parts the HTTP layer is built from, named as the composition root names them. */
export type HttpParts = Omit<HttpDeps, 'engine' | 'actorHealth' | 'webhooks' | 'databaseReady' | 'openSse'> & {
  db: Db;
  metrics: Metrics;
  outcomes: HttpDeps['engine'];
  actorHost: { health(): ActorHostHealth };
  eventsOut: { webhooks: WebhookService; stream: { openSse: SseOpener } };
};

/**
 * What the HTTP layer may use. The database itself stays here: http/ only sees `databaseReady`,
 * never knex.
 */
export function buildHttpDeps(parts: HttpParts): HttpDeps {
  const { db } = parts;
  return {
    config: parts.config,
    clock: parts.clock,
    ids: parts.ids,
    logger: parts.logger,
    repos: parts.repos,
    keys: parts.keys,
    workspaces: parts.workspaces,
    rateLimiter: parts.rateLimiter,
    crews: parts.crews,
    eventBus: parts.eventBus,
    engine: parts.outcomes,
    actorHealth: () => parts.actorHost.health(),
    webhooks: parts.eventsOut.webhooks,
    openSse: parts.eventsOut.stream.openSse,
    tools: parts.tools,
    idempotency: parts.idempotency,
    version: parts.version,
    metrics: parts.metrics,
    ...(parts.approvals ? { approvals: parts.approvals } : {}),
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
}
