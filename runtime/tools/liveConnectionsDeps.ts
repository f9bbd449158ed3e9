import type { Logger } from 'pino';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { Clock } from '../clock.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { GuardedFetch } from './guardedFetch.js';
import type { ToolOAuth } from './oauth/toolOAuth.js';
import type { PluginHost } from './pluginHost.js';
import type { ToolSettings } from './settings.js';

/** What the process's tool connections are built from (liveConnections.ts and the files it wires). */
export interface LiveConnectionsDeps {
  repos: Repositories;
  registry: PluginRegistry;
  pluginHost: PluginHost;
  settings: ToolSettings;
  fetch: GuardedFetch;
  cipher: SecretCipher;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** The process's actor host: every tool connection's state chart runs (and is stored) there. */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  /** The client side of MCP authorization for `{auth: 'oauth'}` connections (absent: static credentials only). */
  oauth?: ToolOAuth;
}
