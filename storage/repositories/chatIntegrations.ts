import type { Db } from '../db.js';
import { parseJson } from '../sql/parseJson.js';

export type ChatSyncState = 'idle' | 'syncing' | 'error';

/** A chat team connected to a workspace. `token` is the encrypted bot token. */
export interface ChatIntegrationRow {
  workspace_id: string;
  team_id: string;
  team_name: string;
  token: string;
  bot_user_id: string;
  configuration: Record<string, unknown>;
  sync_state: ChatSyncState;
  sync_snapshot: unknown;
  last_sync_started_at: string | null;
  last_sync_at: string | null;
  last_error: { code: string; message: string; at: string } | null;
  last_scheduled_slot: string | null;
  created_at: string;
  updated_at: string;
}

/** Where a channel's sync stands (see migration 007 for the meaning of each field). */
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

function integrationFromDb(row: Record<string, unknown>): ChatIntegrationRow {
  return {
    workspace_id: String(row.workspace_id),
    team_id: String(row.team_id),
    team_name: String(row.team_name),
    token: String(row.token),
    bot_user_id: String(row.bot_user_id),
    configuration: parseJson<Record<string, unknown>>(row.configuration, {}),
    sync_state: String(row.sync_state) as ChatSyncState,
    sync_snapshot: parseJson<unknown>(row.sync_snapshot, null),
    last_sync_started_at: (row.last_sync_started_at as string | null) ?? null,
    last_sync_at: (row.last_sync_at as string | null) ?? null,
    last_error: parseJson(row.last_error, null),
    last_scheduled_slot: (row.last_scheduled_slot as string | null) ?? null,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
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

export type ChatIntegrationPatch = Partial<Omit<ChatIntegrationRow, 'workspace_id' | 'team_id' | 'created_at'>> & { updated_at: string };

function toDb(patch: Partial<ChatIntegrationRow>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...patch };
  if ('configuration' in patch) out.configuration = JSON.stringify(patch.configuration);
  if ('sync_snapshot' in patch) out.sync_snapshot = patch.sync_snapshot === null ? null : JSON.stringify(patch.sync_snapshot);
  if ('last_error' in patch) out.last_error = patch.last_error === null ? null : JSON.stringify(patch.last_error);
  return out;
}

/** Chat integrations and their per-channel checkpoints, scoped by workspace. */
export function chatIntegrationsRepository(db: Db) {
  return {
    /** Creates the integration or replaces its token, team name, bot and configuration. */
    async save(row: ChatIntegrationRow): Promise<void> {
      const values = toDb(row);
      await db('chat_integrations')
        .insert(values)
        .onConflict(['workspace_id', 'team_id'])
        .merge(['team_name', 'token', 'bot_user_id', 'configuration', 'updated_at']);
    },
    async get(workspaceId: string, teamId: string): Promise<ChatIntegrationRow | undefined> {
      const row = await db('chat_integrations').where({ workspace_id: workspaceId, team_id: teamId }).first();
      return row ? integrationFromDb(row) : undefined;
    },
    async listForWorkspace(workspaceId: string): Promise<ChatIntegrationRow[]> {
      return (await db('chat_integrations').where({ workspace_id: workspaceId }).orderBy('created_at')).map(integrationFromDb);
    },
    /** Every integration of every workspace (the scheduler's list). */
    async listAll(): Promise<ChatIntegrationRow[]> {
      return (await db('chat_integrations').orderBy([{ column: 'workspace_id' }, { column: 'team_id' }])).map(integrationFromDb);
    },
    async update(workspaceId: string, teamId: string, patch: ChatIntegrationPatch, trx: Db = db): Promise<boolean> {
      return Number(await trx('chat_integrations').where({ workspace_id: workspaceId, team_id: teamId }).update(toDb(patch as Partial<ChatIntegrationRow>))) === 1;
    },
    /**
     * Claims the scheduled run of `slot` (ISO of a 02:00 UTC): true for exactly one caller, even
     * across nodes, and false once the slot was claimed.
     */
    async claimSlot(workspaceId: string, teamId: string, slot: string): Promise<boolean> {
      const updated = await db('chat_integrations')
        .where({ workspace_id: workspaceId, team_id: teamId })
        .andWhere((q) => q.whereNull('last_scheduled_slot').orWhere('last_scheduled_slot', '<', slot))
        .update({ last_scheduled_slot: slot });
      return Number(updated) === 1;
    },
    /** Deletes the integration and its checkpoints. */
    async remove(workspaceId: string, teamId: string): Promise<boolean> {
      return db.transaction(async (trx) => {
        await trx('chat_channel_checkpoints').where({ workspace_id: workspaceId, team_id: teamId }).delete();
        return Number(await trx('chat_integrations').where({ workspace_id: workspaceId, team_id: teamId }).delete()) === 1;
      });
    },

    async checkpoints(workspaceId: string, teamId: string): Promise<ChannelCheckpoint[]> {
      return (await db('chat_channel_checkpoints').where({ workspace_id: workspaceId, team_id: teamId }).orderBy('channel_id')).map(checkpointFromDb);
    },
    async checkpoint(workspaceId: string, teamId: string, channelId: string): Promise<ChannelCheckpoint | undefined> {
      const row = await db('chat_channel_checkpoints').where({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId }).first();
      return row ? checkpointFromDb(row) : undefined;
    },
    async saveCheckpoint(checkpoint: ChannelCheckpoint): Promise<void> {
      await db('chat_channel_checkpoints').insert(checkpoint).onConflict(['workspace_id', 'team_id', 'channel_id']).merge();
    },
  };
}

export type ChatIntegrationsRepository = ReturnType<typeof chatIntegrationsRepository>;
