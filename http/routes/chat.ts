import * as schemas from '../../schemas/chat.js';
import { authOf } from '../context.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';

/** Chat-tool integration endpoints (spec: Chat-tool integration), scoped by the key's workspace. */
export function chatRoutes(deps: HttpDeps): RouteSpec[] {
  const chat = deps.chat;
  const tag = 'chat';
  const workspace = (ctx: Parameters<RouteSpec['handler']>[0]) => authOf(ctx).workspace.id;
  return [
    {
      method: 'post',
      path: '/api/chat/integrations/chat/channels',
      tag,
      summary: 'List the channels the chat token can reach (public ones, private ones the bot is in)',
      body: schemas.channelsBody,
      responses: { 200: schemas.channelList },
      async handler(ctx) {
        ctx.body = await chat.channels(workspace(ctx), ctx.state.body as { access_token: string; team_id: string });
      },
    },
    {
      method: 'post',
      path: '/api/chat/integrations/chat/configure',
      tag,
      summary: 'Validate and store the chat token (encrypted) and the sync configuration',
      body: schemas.configureBody,
      responses: { 200: schemas.configured },
      async handler(ctx) {
        ctx.body = await chat.configure(workspace(ctx), ctx.state.body as never);
      },
    },
    {
      method: 'post',
      path: '/api/chat/integrations/chat/sync',
      tag,
      summary: 'Start a sync now: a backfill (initial_sync true) or only what is newer than the last sync',
      body: schemas.syncBody,
      responses: { 200: schemas.syncStarted },
      async handler(ctx) {
        ctx.body = await chat.sync(workspace(ctx), ctx.state.body as { team_id: string; initial_sync: boolean });
      },
    },
    {
      method: 'get',
      path: '/api/chat/integrations/chat/status',
      tag,
      summary: 'Sync status: per-channel message counts, last and next sync, running or not, last error',
      query: schemas.teamQuery,
      responses: { 200: schemas.syncStatus },
      async handler(ctx) {
        ctx.body = await chat.status(workspace(ctx), String(ctx.state.query!.team_id));
      },
    },
    {
      method: 'delete',
      path: '/api/chat/integrations/chat/disconnect',
      tag,
      summary: 'Delete the token, stop scheduled syncs and purge the synced messages',
      query: schemas.teamQuery,
      responses: { 200: schemas.disconnected },
      async handler(ctx) {
        ctx.body = await chat.disconnect(workspace(ctx), String(ctx.state.query!.team_id));
      },
    },
    {
      method: 'post',
      path: '/api/chat/post',
      tag,
      summary: 'Legacy: send a message to a channel',
      body: schemas.postBody,
      responses: { 200: schemas.posted },
      async handler(ctx) {
        ctx.body = await chat.legacyPost(workspace(ctx), ctx.state.body as { token: string; channel: string; text: string });
      },
    },
    {
      method: 'get',
      path: '/api/chat/messages',
      tag,
      summary: 'Legacy: the newest messages of a channel, read from the chat tool',
      query: schemas.messagesQuery,
      responses: { 200: schemas.messageList },
      async handler(ctx) {
        const query = ctx.state.query!;
        ctx.body = await chat.legacyMessages(workspace(ctx), { token: String(query.token), channel: String(query.channel), limit: Number(query.limit ?? 100) });
      },
    },
    {
      method: 'post',
      path: '/api/chat/ingest',
      tag,
      summary: "Legacy: read a channel's newest messages into the knowledge base",
      body: schemas.ingestBody,
      responses: { 200: schemas.ingested },
      async handler(ctx) {
        const body = ctx.state.body as { token: string; channel: string; limit?: number };
        ctx.body = await chat.legacyIngest(workspace(ctx), { token: body.token, channel: body.channel, limit: body.limit ?? 100 });
      },
    },
  ];
}
