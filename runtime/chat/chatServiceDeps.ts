import type { ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';
import type { KnowledgeBaseRepository } from '../../storage/repositories/knowledgeBase.js';
import type { Clock } from '../clock.js';
import type { SecretCipher } from '../secrets/cipher.js';
import type { ChatApiFactory } from '../../plugins/chat/chatApi.js';
import type { ChatSyncHost } from './syncHost.js';
import type { ChatSyncSchedule } from './syncSchedule.js';

/** What the chat service is built from; a leaf file, so its parts (status, configure) read it without importing the service. */
export interface ChatServiceDeps {
  integrations: ChatIntegrationsRepository;
  knowledgeBase: KnowledgeBaseRepository;
  cipher: SecretCipher;
  api: ChatApiFactory;
  host: ChatSyncHost;
  schedule: Pick<ChatSyncSchedule, 'nextRunAt'>;
  clock: Clock;
  /**
   * Called after a token is saved: creates the workspace's tool connection of server type `chat`
   * unless one exists (spec: Tool connections). Resolves with its id, or null where no tool
   * connection service is wired.
   */
  ensureToolConnection?(workspaceId: string, teamId: string, accessToken: string): Promise<string | null>;
}
