import type { PluginRoute } from '../contract.js';
import type { ChatConfiguration } from './chatConfiguration.js';
import type { ChatService } from './chatService.js';
import * as schemas from './schemas.js';

const tag = 'chat';

/**
 * The chat plugin's endpoints (spec: Chat-tool integration), declared once each with its scope;
 * http/ mounts them like its own routes. Every call gets the chat plugin's context of the key's
 * workspace; bodies and queries arrive valid against the schemas named here.
 */
export function chatRoutes(chat: ChatService): PluginRoute[] {
  return [
    {
      method: 'post',
      path: '/api/chat/integrations/chat/channels',
      tag,
      scope: 'integrations:write',
      summary: 'List the channels the chat token can reach (public ones, private ones the bot is in)',
      body: schemas.channelsBody,
      responses: { 200: schemas.channelList },
      handle: ({ context, body }) => chat.channels(context, body as { access_token: string; team_id: string }),
    },
    {
      method: 'post',
      path: '/api/chat/integrations/chat/configure',
      tag,
      scope: 'integrations:write',
      summary: 'Validate and store the chat token (encrypted) and the sync configuration',
      body: schemas.configureBody,
      responses: { 200: schemas.configured },
      handle: ({ context, body }) => chat.configure(context, body as { access_token: string; team_id: string; configuration: Partial<ChatConfiguration> }),
    },
    {
      method: 'post',
      path: '/api/chat/integrations/chat/sync',
      tag,
      scope: 'integrations:write',
      summary: 'Start a sync now: a backfill (initial_sync true) or only what is newer than the last sync',
      body: schemas.syncBody,
      responses: { 200: schemas.syncStarted },
      handle: ({ context, body }) => chat.sync(context, body as { team_id: string; initial_sync: boolean }),
    },
    {
      method: 'get',
      path: '/api/chat/integrations/chat/status',
      tag,
      scope: 'integrations:read',
      summary: 'Sync status: per-channel message counts, last and next sync, running or not, last error',
      query: schemas.teamQuery,
      responses: { 200: schemas.syncStatus },
      handle: ({ context, query }) => chat.status(context, String(query.team_id)),
    },
    {
      method: 'delete',
      path: '/api/chat/integrations/chat/disconnect',
      tag,
      scope: 'integrations:write',
      summary: 'Delete the token, stop scheduled syncs and purge the synced messages',
      query: schemas.teamQuery,
      responses: { 200: schemas.disconnected },
      handle: ({ context, query }) => chat.disconnect(context, String(query.team_id)),
    },
    {
      method: 'post',
      path: '/api/chat/post',
      tag,
      scope: 'integrations:write',
      summary: 'Legacy: send a message to a channel',
      body: schemas.postBody,
      responses: { 200: schemas.posted },
      handle: ({ context, body }) => chat.legacyPost(context, body as { token: string; channel: string; text: string }),
    },
    {
      method: 'get',
      path: '/api/chat/messages',
      tag,
      scope: 'integrations:read',
      summary: 'Legacy: the newest messages of a channel, read from the chat tool',
      query: schemas.messagesQuery,
      responses: { 200: schemas.messageList },
      handle: ({ context, query }) => chat.legacyMessages(context, { token: String(query.token), channel: String(query.channel), limit: Number(query.limit ?? 100) }),
    },
    {
      method: 'post',
      path: '/api/chat/ingest',
      tag,
      scope: 'integrations:write',
      summary: "Legacy: read a channel's newest messages into the knowledge base",
      body: schemas.ingestBody,
      responses: { 200: schemas.ingested },
      handle: ({ context, body }) => {
        const input = body as { token: string; channel: string; limit?: number };
        return chat.legacyIngest(context, { token: input.token, channel: input.channel, limit: input.limit ?? 100 });
      },
    },
  ];
}
