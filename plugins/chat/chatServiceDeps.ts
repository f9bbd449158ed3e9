import type { ChatApiFactory } from './chatApi.js';
import type { ChatErrors } from './chatErrors.js';
import type { ChatTeamStore } from './teamStore.js';

/** What the chat service is built from; a leaf file, so its parts (status, configure) read it without importing the service. */
export interface ChatServiceDeps {
  teams: ChatTeamStore;
  api: ChatApiFactory;
  errors: ChatErrors;
  /**
   * Called after a token is saved: saves it as the plugin's secret and creates the workspace's
   * tool connection of server type `chat` unless one exists (spec: Tool connections;
   * `PluginHost.connect`). Resolves with its id, or null when none was opened.
   */
  connect(workspaceId: string, secrets: Record<string, string>): Promise<string | null>;
}
