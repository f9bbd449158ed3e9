import type { Logger } from 'pino';
import { isPostgres, type Db } from '../../storage/db.js';
import { actorCommandsRepository } from '../../storage/repositories/actorCommands.js';
import { createCommandForwarding, type CommandForwarding } from '../../runtime/actors/commandForwarding.js';
import type { Clock } from '../../runtime/clock.js';
import type { Config } from '../../runtime/config.js';
import { createPostgresSignals } from '../../runtime/events/clusterSignals.js';
import type { IdGenerator } from '../../runtime/ids.js';

/**
 * Command forwarding between the processes on one Postgres database (docs/leases.md): its own
 * LISTEN/NOTIFY channel (`crewd_actor_commands`, ids only) beside the `actor_commands` table.
 * Undefined on SQLite, where one process holds every actor.
 */
export async function buildCommandForwarding(parts: { config: Config; db: Db; clock: Clock; ids: IdGenerator; logger: Logger; node: string }): Promise<{ forwarding: CommandForwarding; close(): Promise<void> } | undefined> {
  const { config, db, logger } = parts;
  if (!isPostgres(db) || !config.databaseUrl) return undefined;
  const onError = (error: unknown, message: string) => logger.warn({ err: error }, message);
  const signals = createPostgresSignals({ connectionString: config.databaseUrl, node: parts.node, channel: 'crewd_actor_commands', onError });
  await signals.start();
  const forwarding = createCommandForwarding({ repo: actorCommandsRepository(db), signals, clock: parts.clock, monotonic: performance, ids: parts.ids, node: parts.node, waitMs: config.commandWaitMs, staleMs: config.leaseMs, onError });
  return {
    forwarding,
    async close() {
      await forwarding.close();
      await signals.close();
    },
  };
}
