import type { Logger } from 'pino';
import { isPostgres, type Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../../runtime/clock.js';
import type { Config } from '../../runtime/config.js';
import { createIdempotencyService, type IdempotencyService } from '../../runtime/idempotency/idempotencyService.js';
import type { SecretCipher } from '../../runtime/secrets/cipher.js';

/**
 * The Idempotency-Key records of this process (leases carry `owner`, answers are encrypted with
 * the process's one cipher). A serving process also starts its lease upkeep, after releasing on
 * SQLite the keys a crash left unanswered: there the data directory's lock proves no other
 * process runs a request, so an unanswered key can only be from a crash.
 */
export async function buildIdempotency(parts: { config: Config; db: Db; repos: Repositories; cipher: SecretCipher; clock: Clock; logger: Logger; owner: string; serving: boolean }): Promise<IdempotencyService> {
  const { repos, logger } = parts;
  const idempotency = createIdempotencyService({
    repo: repos.idempotency,
    cipher: parts.cipher,
    clock: parts.clock,
    owner: parts.owner,
    leaseMs: parts.config.idempotencyLeaseMs,
    // A prepared answer is replayed after a crash once its resource is found committed.
    resources: {
      outcome: async (workspaceId, id) => (await repos.outcomes.get(workspaceId, id)) !== undefined,
      workflow: async (workspaceId, id) => (await repos.workflows.get(workspaceId, id)) !== undefined,
      api_key: async (workspaceId, id) => (await repos.apiKeys.get(workspaceId, id)) !== undefined,
      webhook: async (workspaceId, id) => (await repos.webhooks.get(workspaceId, id)) !== undefined,
    },
    onError: (error, message) => logger.warn({ err: error }, message),
  });
  if (parts.serving) {
    if (!isPostgres(parts.db)) {
      const released = await idempotency.recoverAtStart();
      if (released > 0) logger.info({ released }, 'released idempotency keys of requests cut by a crash');
    }
    idempotency.start();
  }
  return idempotency;
}
