import type { ChatApiFactory } from './chatApi.js';
import type { ChatTeamStore } from './teamStore.js';

/** What the chat service is built from; a leaf file, so its parts (status, configure) read it without importing the service. */
export interface ChatServiceDeps {
  teams: ChatTeamStore;
  api: ChatApiFactory;
  /**
   * Called after a token is saved: creates the workspace's tool connection of server type `chat`
   * unless one exists (spec: Tool connections). Resolves with its id, or null where no tool
   * connection service is wired.
   */
  ensureToolConnection?(workspaceId: string, teamId: string, accessToken: string): Promise<string | null>;
}
