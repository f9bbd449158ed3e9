import type { Logger } from 'pino';
import { isPostgres, type Db } from '../../storage/db.js';
import { secretKeyCheckRepository } from '../../storage/repositories/secretKeyCheck.js';
import type { Clock } from '../../runtime/clock.js';
import type { Config } from '../../runtime/config.js';
import { createLocalSignals, createPostgresSignals, type ClusterSignals } from '../../runtime/events/clusterSignals.js';
import type { RateLimitStore } from '../../runtime/rateLimiter.js';
import type { SecretCipher } from '../../runtime/secrets/cipher.js';
import { checkSecretKey } from '../../runtime/secrets/keyCheck.js';

/** What N processes on one database share (issue 16); on SQLite every part is the in-process one. */
export interface ScaleOut {
  /** This process's name in notices and claims. */
  node: string;
  signals: ClusterSignals;
  rateLimitStore: RateLimitStore;
}

/**
 * Builds the scale-out parts from config: LISTEN/NOTIFY signals and the shared rate-limit store on
 * Postgres (Redis when CREWD_REDIS_URL is set), and checks that this process's secrets key is the
 * database's (a serving process refuses to start otherwise). On SQLite: nothing shared, nothing read.
 */
export async function buildScaleOut(parts: { config: Config; db: Db; cipher: SecretCipher; clock: Clock; logger: Logger; node: string; serving: boolean }): Promise<ScaleOut> {
  const { config, db, node } = parts;
  if (!isPostgres(db) || !config.databaseUrl) return { node, signals: createLocalSignals(node), rateLimitStore: { kind: 'memory' } };
  if (parts.serving) await checkSecretKey(secretKeyCheckRepository(db), parts.cipher, parts.clock.now().toISOString());
  const signals = createPostgresSignals({ connectionString: config.databaseUrl, node, onError: (error, message) => parts.logger.warn({ err: error }, message) });
  // Admin commands too: a crew status set from the CLI reaches every serving process.
  await signals.start();
  return { node, signals, rateLimitStore: config.redisUrl ? { kind: 'redis', url: config.redisUrl } : { kind: 'postgres', db } };
}
