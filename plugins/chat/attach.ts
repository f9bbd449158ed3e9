import type { Plugin, PluginHost } from '../contract.js';
import { createChatApi, defaultChatApiUrl, type ChatApiFactory } from './chatApi.js';
import { chatErrors } from './chatErrors.js';
import { createChatService } from './chatService.js';
import { registerChatTools } from './chatTools.js';
import { legacyChatSyncs } from './legacySyncs.js';
import { chatManifest } from './manifest.js';
import { chatRoutes } from './routes.js';
import { chatSyncJob } from './syncSchedule.js';
import { chatSyncRunner } from './syncRunner.js';
import { chatTeamsTable } from './teamsTable.js';

/**
 * The running chat plugin (spec: Chat-tool integration), built from what the runtime hands it at
 * start: its teams over its own table (token encrypted with the host's cipher), the durable runner
 * `sync` (one team into the workspace's knowledge base, `context.knowledge.conversations`), the job
 * `daily_sync` (02:00 UTC), the /api/chat endpoints, and the take-over of syncs an earlier version
 * left in flight. Failures of the endpoints are the service's own errors (`host.errors`).
 */
export function attachChat(host: PluginHost): Plugin {
  const apiUrl = host.apiUrls.chat ?? defaultChatApiUrl;
  const api: ChatApiFactory = (token, options) => createChatApi(token, { apiUrl, waitOnRateLimit: options.waitOnRateLimit, retries: options.waitOnRateLimit ? 6 : 2 });
  const teams = chatTeamsTable(host.db, host.secretBox);
  // Saving a chat token gives the workspace a `chat` tool connection unless one exists (spec).
  const service = createChatService({ teams, api, errors: chatErrors(host.errors), connect: (workspaceId, secrets) => host.connect(workspaceId, secrets) });
  return {
    manifest: { ...chatManifest, jobs: [chatSyncJob({ teams })], runners: [chatSyncRunner({ teams, api })] },
    register: registerChatTools,
    routes: chatRoutes(service),
    recovery: legacyChatSyncs({ actors: host.legacyActors, teams, clock: host.clock }),
  };
}
