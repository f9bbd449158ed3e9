import type { Db } from '../db.js';

/**
 * How far one channel of a conversation source (a chat team) has been read: the knowledge base's
 * read checkpoints, kept beside its messages so a page and its checkpoint commit together (see
 * migration 007 for the meaning of each field; the table keeps its first name,
 * `chat_channel_checkpoints`).
 */
export interface ChannelCheckpoint {
  workspace_id: string;
  team_id: string;
  channel_id: string;
  channel_name: string;
  synced_ts: string | null;
  run_id: string | null;
  run_newest_ts: string | null;
  run_low_ts: string | null;
  run_done: boolean;
  last_synced_at: string | null;
  updated_at: string;
}

function checkpointFromDb(row: Record<string, unknown>): ChannelCheckpoint {
  return {
    workspace_id: String(row.workspace_id),
    team_id: String(row.team_id),
    channel_id: String(row.channel_id),
    channel_name: String(row.channel_name),
    synced_ts: (row.synced_ts as string | null) ?? null,
    run_id: (row.run_id as string | null) ?? null,
    run_newest_ts: (row.run_newest_ts as string | null) ?? null,
    run_low_ts: (row.run_low_ts as string | null) ?? null,
    run_done: Boolean(row.run_done),
    last_synced_at: (row.last_synced_at as string | null) ?? null,
    updated_at: String(row.updated_at),
  };
}

/** The read checkpoints of the workspace's conversation sources, scoped by workspace. */
export function conversationCheckpointsRepository(db: Db): ConversationCheckpointsRepository {
  const table = () => db('chat_channel_checkpoints');
  return {
    async checkpoints(workspaceId: string, teamId: string): Promise<ChannelCheckpoint[]> {
      return (await table().where({ workspace_id: workspaceId, team_id: teamId }).orderBy('channel_id')).map(checkpointFromDb);
    },
    async checkpoint(workspaceId: string, teamId: string, channelId: string): Promise<ChannelCheckpoint | undefined> {
      const row = await table().where({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId }).first();
      return row ? checkpointFromDb(row) : undefined;
    },
    async saveCheckpoint(checkpoint: ChannelCheckpoint): Promise<void> {
      await table().insert(checkpoint).onConflict(['workspace_id', 'team_id', 'channel_id']).merge();
    },
    /** Forgets every channel of the source (with its messages, on purge). */
    async removeSource(workspaceId: string, teamId: string): Promise<void> {
      await table().where({ workspace_id: workspaceId, team_id: teamId }).delete();
    },
  };
}

export interface ConversationCheckpointsRepository {
  checkpoints(workspaceId: string, teamId: string): Promise<ChannelCheckpoint[]>;
  checkpoint(workspaceId: string, teamId: string, channelId: string): Promise<ChannelCheckpoint | undefined>;
  saveCheckpoint(checkpoint: ChannelCheckpoint): Promise<void>;
  /** Forgets every channel of the source (with its messages, on purge). */
  removeSource(workspaceId: string, teamId: string): Promise<void>;
}
