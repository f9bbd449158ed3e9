import type { Logger } from 'pino';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import type { ActorHost } from '../actors/actorHost.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { createChatApi, type ChatApiFactory } from '../../plugins/chat/chatApi.js';
import { createChatService } from './chatService.js';
import { createKnowledgeBase } from './knowledgeBase.js';
import { createChatSyncHost, type ChatSyncHost } from './syncHost.js';
import { forwardingRequestSync, handleChatSyncCommands } from './forwardedSync.js';
import type { CommandForwarding } from '../actors/commandForwarding.js';
import { createSyncRun } from './syncRun.js';
import { createChatSyncSchedule } from './syncSchedule.js';

export interface ChatDeps {
  repos: Pick<Repositories, 'knowledgeBase' | 'chatIntegrations'>;
  cipher: SecretCipher;
  /** The process's actor host; chat sync actors run on it. */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** CREWD_CHAT_API_URL. */
  apiUrl: string;
  /** Replaces the Web API client factory (tests). */
  api?: ChatApiFactory;
  /** Creates the workspace's `chat` tool connection when a token is saved (tools service). */
  ensureToolConnection?(workspaceId: string, teamId: string, accessToken: string): Promise<string | null>;
  /**
   * Scale-out (Postgres): a sync of a team whose sync actor another process holds is forwarded to
   * it; `runs`: this process runs actors (tries locally first and applies forwarded syncs).
   */
  forwarding?: { commands: CommandForwarding; runs: boolean };
}

/**
 * The chat integration wired from its parts: the Web API client factory, the sync run, the actor
 * host (one chatSync actor per team), the 02:00 UTC schedule, the HTTP-facing service and the
 * knowledge base agents read. Nothing runs until `start()`; `close()` stops the schedule and the
 * actors (runs in flight resume on the next start).
 */
export function createChat(deps: ChatDeps) {
  const logger = deps.logger.child({ component: 'chat' });
  const api: ChatApiFactory = deps.api ?? ((token, options) => createChatApi(token, { apiUrl: deps.apiUrl, waitOnRateLimit: options.waitOnRateLimit, retries: options.waitOnRateLimit ? 6 : 2 }));
  const runSync = createSyncRun({ knowledgeBase: deps.repos.knowledgeBase, integrations: deps.repos.chatIntegrations, cipher: deps.cipher, api, clock: deps.clock, logger });
  const localHost = createChatSyncHost({ integrations: deps.repos.chatIntegrations, actors: deps.actors, runSync, clock: deps.clock, ids: deps.ids, logger });
  const forwarding = deps.forwarding;
  if (forwarding?.runs) handleChatSyncCommands(forwarding.commands, localHost.requestSync);
  const host: ChatSyncHost = forwarding ? { ...localHost, requestSync: forwardingRequestSync(localHost.requestSync, forwarding.commands, forwarding.runs) } : localHost;
  const schedule = createChatSyncSchedule({
    integrations: deps.repos.chatIntegrations,
    clock: deps.clock,
    logger,
    startSync: (workspaceId, teamId) => host.requestSync(workspaceId, teamId, false),
  });
  const service = createChatService({
    integrations: deps.repos.chatIntegrations,
    knowledgeBase: deps.repos.knowledgeBase,
    cipher: deps.cipher,
    api,
    host,
    schedule,
    clock: deps.clock,
    ...(deps.ensureToolConnection ? { ensureToolConnection: deps.ensureToolConnection } : {}),
  });
  const knowledgeBase = createKnowledgeBase(deps.repos.knowledgeBase, deps.clock);

  return {
    service,
    host,
    schedule,
    knowledgeBase,
    api,
    /** Resumes runs cut off by a stop or crash, starts the daily schedule and catches up a missed slot. */
    async start(): Promise<void> {
      const restored = await host.restore();
      if (restored > 0) logger.info({ restored }, 'resumed chat syncs');
      schedule.start();
      await schedule.tick();
    },
    /** Stops the schedule; call before the actor host stops (it stops the sync actors and their runs). */
    async close(): Promise<void> {
      await schedule.stop();
    },
    /** Resolves once the runs the stopped actors were making have ended; call after the actor host stopped. */
    async drained(): Promise<void> {
      await host.close();
    },
  };
}

export type Chat = ReturnType<typeof createChat>;
