import type { Plugin } from '../contract.js';
import { createChatApi, type ChatApiFactory } from './chatApi.js';
import { createChatService, type ChatService } from './chatService.js';
import { chatPlugin } from './index.js';
import { chatSyncJob } from './syncSchedule.js';
import { chatSyncRunner } from './syncRunner.js';
import type { ChatTeamStore } from './teamStore.js';

export interface ChatPluginDeps {
  /** The connected chat teams (their table, token decrypted; app/compose/chatTeams.ts). */
  teams: ChatTeamStore;
  /** The chat tool's Web API base URL (CREWD_CHAT_API_URL). */
  apiUrl: string;
  /** Replaces the Web API client factory (tests). */
  api?: ChatApiFactory;
  /** Creates the workspace's `chat` tool connection when a token is saved (the tools service). */
  ensureToolConnection?(workspaceId: string, teamId: string, accessToken: string): Promise<string | null>;
  /** Threads with a message this recent are re-read for new replies on an incremental sync (default 7). */
  threadRecheckDays?: number;
  /** Messages per history page (the chat API's maximum is 999). */
  pageSize?: number;
}

export interface ChatPlugin extends Plugin {
  /** The /api/chat endpoints' service; each call takes the plugin's context of the caller's workspace. */
  service: ChatService;
}

/**
 * The chat plugin with its sync (spec: Chat-tool integration): the tools and the `notify_chat`
 * flag of `chatPlugin`, plus the durable runner `sync` (one team into the workspace's knowledge
 * base, `context.knowledge.conversations`), the job `daily_sync` (02:00 UTC) and the service
 * behind /api/chat. Its teams' table is the one thing handed in beside the plugin context.
 */
export function createChatPlugin(deps: ChatPluginDeps): ChatPlugin {
  const api: ChatApiFactory = deps.api ?? ((token, options) => createChatApi(token, { apiUrl: deps.apiUrl, waitOnRateLimit: options.waitOnRateLimit, retries: options.waitOnRateLimit ? 6 : 2 }));
  const runner = chatSyncRunner({ teams: deps.teams, api, ...(deps.threadRecheckDays !== undefined ? { threadRecheckDays: deps.threadRecheckDays } : {}), ...(deps.pageSize !== undefined ? { pageSize: deps.pageSize } : {}) });
  return {
    manifest: { ...chatPlugin.manifest, jobs: [chatSyncJob({ teams: deps.teams })], runners: [runner] },
    register: (context) => chatPlugin.register(context),
    service: createChatService({ teams: deps.teams, api, ...(deps.ensureToolConnection ? { ensureToolConnection: deps.ensureToolConnection } : {}) }),
  };
}
