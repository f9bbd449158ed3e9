import { component, nullableTimestamp, responseObject, strictObject, timestamp, type JsonSchema } from '../contract.js';

/** Chat-tool integration (spec: Chat-tool integration; the response shapes are crewd's own). */

// A token travels in an HTTP header: printable ASCII only, so a malformed one is a 400 here rather than
// a failed request to the chat tool (a 502).
const token: JsonSchema = { type: 'string', minLength: 1, maxLength: 500, pattern: '^[\\x21-\\x7e]+$', description: 'Chat bot token (<ACCESS_TOKEN>); stored encrypted, never returned.' };
const teamId: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, description: 'The chat workspace (team) id.' };
const channelRef: JsonSchema = { type: 'string', minLength: 1, maxLength: 255, description: 'A channel id (C0123...) or name (#eng).' };
const nullableString: JsonSchema = { type: ['string', 'null'] };

/** The spec's Chat-integration configuration; every field optional, defaults filled in. */
export const chatConfiguration: JsonSchema = component('ChatConfiguration', strictObject({
  channels: { type: 'array', maxItems: 500, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 }, description: 'Channel ids; empty or absent: every accessible channel.' },
  includeThreads: { type: 'boolean', description: 'Include threaded replies (default true).' },
  includeFiles: { type: 'boolean', description: 'Extract the text of uploaded text files (default false).' },
  filterMentionsOnly: { type: 'boolean', description: 'Sync only messages with a mention (default false).' },
  maxMessagesPerChannel: { type: 'integer', minimum: 500, maximum: 5000, description: 'Default 1000; the newest are kept.' },
  dataRetentionDays: { type: 'integer', minimum: 30, maximum: 365, description: 'Default 90; older messages are removed.' },
  syncFrequency: { type: 'string', enum: ['daily'], description: 'Daily at 02:00 UTC.' },
  excludeArchived: { type: 'boolean', description: 'Skip archived channels (default true).' },
  onlyMemberChannels: { type: 'boolean', description: 'Only channels the bot is already in (default false).' },
}));

const configurationView: JsonSchema = responseObject({
  channels: { type: 'array', items: { type: 'string' } },
  includeThreads: { type: 'boolean' },
  includeFiles: { type: 'boolean' },
  filterMentionsOnly: { type: 'boolean' },
  maxMessagesPerChannel: { type: 'integer' },
  dataRetentionDays: { type: 'integer' },
  syncFrequency: { type: 'string', enum: ['daily'] },
  excludeArchived: { type: 'boolean' },
  onlyMemberChannels: { type: 'boolean' },
});

export const channelsBody: JsonSchema = strictObject({ access_token: token, team_id: teamId }, ['access_token', 'team_id']);
export const configureBody: JsonSchema = strictObject({ access_token: token, team_id: teamId, configuration: chatConfiguration }, ['access_token', 'team_id', 'configuration']);
export const syncBody: JsonSchema = strictObject({ team_id: teamId, initial_sync: { type: 'boolean', description: 'true: backfill; false: only messages newer than the last sync.' } }, ['team_id', 'initial_sync']);
export const teamQuery: JsonSchema = strictObject({ team_id: teamId }, ['team_id']);
export const postBody: JsonSchema = strictObject({ token, channel: channelRef, text: { type: 'string', minLength: 1, maxLength: 40_000 } }, ['token', 'channel', 'text']);
export const messagesQuery: JsonSchema = strictObject({ token, channel: channelRef, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } }, ['token', 'channel']);
export const ingestBody: JsonSchema = strictObject({ token, channel: channelRef, limit: { type: 'integer', minimum: 1, maximum: 5000, default: 100 } }, ['token', 'channel']);

const channelView: JsonSchema = responseObject({
  id: { type: 'string' },
  name: { type: 'string' },
  is_private: { type: 'boolean' },
  is_archived: { type: 'boolean' },
  is_member: { type: 'boolean' },
  num_members: { type: ['integer', 'null'] },
});

export const channelList: JsonSchema = responseObject({ team_id: { type: 'string' }, channels: { type: 'array', items: channelView }, total_count: { type: 'integer' } });

export const configured: JsonSchema = responseObject({
  status: { const: 'configured' },
  team_id: { type: 'string' },
  team_name: { type: 'string' },
  configuration: configurationView,
  next_sync_at: timestamp,
  tool_connection_id: nullableString,
});

export const syncStarted: JsonSchema = responseObject({
  status: { type: 'string', enum: ['started', 'already_running'] },
  team_id: { type: 'string' },
  run_id: { type: 'string' },
  initial_sync: { type: 'boolean' },
});

export const syncStatus: JsonSchema = responseObject({
  team_id: { type: 'string' },
  team_name: { type: 'string' },
  state: { type: 'string', enum: ['idle', 'syncing', 'error'] },
  running: { type: 'boolean' },
  last_sync_started_at: nullableTimestamp,
  last_sync_at: nullableTimestamp,
  next_sync_at: timestamp,
  last_error: { oneOf: [{ type: 'null' }, responseObject({ code: { type: 'string' }, message: { type: 'string' }, at: timestamp })] },
  total_messages: { type: 'integer' },
  configuration: configurationView,
  channels: {
    type: 'array',
    items: responseObject({
      channel_id: { type: 'string' },
      channel_name: { type: 'string' },
      message_count: { type: 'integer' },
      synced_through: nullableTimestamp,
      last_synced_at: nullableTimestamp,
    }),
  },
});

export const disconnected: JsonSchema = responseObject({ status: { const: 'disconnected' }, team_id: { type: 'string' }, messages_deleted: { type: 'integer' } });

export const posted: JsonSchema = responseObject({ ok: { const: true }, channel: { type: 'string' }, ts: { type: 'string' }, permalink: nullableString });

export const messageList: JsonSchema = responseObject({
  channel: { type: 'string' },
  channel_name: { type: 'string' },
  messages: {
    type: 'array',
    items: responseObject({ ts: { type: 'string' }, user: nullableString, text: { type: 'string' }, thread_ts: nullableString, reply_count: { type: 'integer' }, posted_at: timestamp }),
  },
  has_more: { type: 'boolean' },
});

export const ingested: JsonSchema = responseObject({ status: { const: 'ingested' }, team_id: { type: 'string' }, channel: { type: 'string' }, channel_name: { type: 'string' }, ingested: { type: 'integer' } });
