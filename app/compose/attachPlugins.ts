import type { Logger } from 'pino';
import type { Plugin, PluginErrors, PluginHost, PluginMigration } from '../../plugins/contract.js';
import type { Clock } from '../../runtime/clock.js';
import { ServiceError } from '../../runtime/errors.js';
import type { SecretCipher } from '../../runtime/secrets/cipher.js';
import type { Db } from '../../storage/db.js';
import type { ActorsRepository } from '../../storage/repositories/actors.js';

/** Plugin failures are the service's own errors: one class, one error shape (runtime/errors.ts). */
const serviceErrors: PluginErrors = {
  create: (status, code, message, details = {}, options = {}) => new ServiceError(status, code, message, details, options.headers ?? {}, options.expose),
};

/** The migrations every plugin of the list declares, for storage to run with its own. */
export function pluginMigrations(plugins: readonly Plugin[]): PluginMigration[] {
  return plugins.flatMap((plugin) => plugin.migrations ?? []);
}

export interface AttachDeps {
  db: Db;
  cipher: SecretCipher;
  clock: Clock;
  logger: Logger;
  apiUrls: Readonly<Record<string, string>>;
  actors: Pick<ActorsRepository, 'listActive' | 'remove'>;
  /** Saves a plugin's secrets in a workspace and opens its tool connection (the tools service, built later). */
  connect(workspaceId: string, pluginId: string, secrets: Record<string, string>): Promise<string | null>;
}

/**
 * Every plugin of the list as it runs: one with `attach` gets its host (database, cipher, clock,
 * errors, its own `connect`) and answers the wired plugin; the others run as they are. The same
 * for every plugin: none is named here.
 */
export function attachPlugins(plugins: readonly Plugin[], deps: AttachDeps): Plugin[] {
  return plugins.map((plugin) => {
    if (!plugin.attach) return plugin;
    const id = plugin.manifest.id;
    const host: PluginHost = {
      db: deps.db,
      secretBox: deps.cipher,
      clock: deps.clock,
      logger: deps.logger.child({ plugin: id }),
      errors: serviceErrors,
      apiUrls: deps.apiUrls,
      connect: (workspaceId, secrets) => deps.connect(workspaceId, id, secrets),
      legacyActors: deps.actors,
    };
    return plugin.attach(host);
  });
}
