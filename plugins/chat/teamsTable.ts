import type { Knex } from 'knex';
import type { PluginSecretBox } from '../contract.js';
import type { ChatTeam, ChatTeamStore, LegacySyncRow } from './teamStore.js';

const table = 'chat_integrations';

/** A JSON column: SQLite hands back text, Postgres may hand back the parsed value. */
function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
}

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function teamOf(row: Record<string, unknown>, box: PluginSecretBox): ChatTeam {
  return {
    workspace_id: String(row.workspace_id),
    team_id: String(row.team_id),
    team_name: String(row.team_name),
    token: box.decrypt(String(row.token)),
    bot_user_id: String(row.bot_user_id),
    configuration: json<Record<string, unknown>>(row.configuration, {}),
    last_scheduled_slot: text(row.last_scheduled_slot),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    legacy: {
      sync_state: String(row.sync_state) as ChatTeam['legacy']['sync_state'],
      last_sync_started_at: text(row.last_sync_started_at),
      last_sync_at: text(row.last_sync_at),
      last_error: json<ChatTeam['legacy']['last_error']>(row.last_error, null),
    },
  };
}

/**
 * The chat plugin's teams over its `chat_integrations` table (migrations/007_chat_integrations.ts),
 * scoped by workspace. The bot token is encrypted here on the way in and decrypted on the way out,
 * with the process's one cipher (`PluginHost.secretBox`).
 */
export function chatTeamsTable(db: Knex, box: PluginSecretBox): ChatTeamStore {
  return {
    async get(workspaceId, teamId) {
      const row = await db(table).where({ workspace_id: workspaceId, team_id: teamId }).first();
      return row ? teamOf(row, box) : undefined;
    },
    async listForWorkspace(workspaceId) {
      return (await db(table).where({ workspace_id: workspaceId }).orderBy('created_at')).map((row) => teamOf(row, box));
    },
    // On conflict only the team name, token, bot and configuration change: the sync columns given
    // here are the ones a new team starts with.
    async save(team) {
      await db(table)
        .insert({
          workspace_id: team.workspace_id,
          team_id: team.team_id,
          team_name: team.team_name,
          token: box.encrypt(team.token),
          bot_user_id: team.bot_user_id,
          configuration: JSON.stringify(team.configuration),
          sync_state: 'idle',
          sync_snapshot: null,
          last_sync_started_at: null,
          last_sync_at: null,
          last_error: null,
          last_scheduled_slot: null,
          created_at: team.created_at,
          updated_at: team.updated_at,
        })
        .onConflict(['workspace_id', 'team_id'])
        .merge(['team_name', 'token', 'bot_user_id', 'configuration', 'updated_at']);
    },
    // True for exactly one caller, even across processes: the row only moves forward.
    async claimSlot(workspaceId, teamId, slot) {
      const updated = await db(table)
        .where({ workspace_id: workspaceId, team_id: teamId })
        .andWhere((q) => q.whereNull('last_scheduled_slot').orWhere('last_scheduled_slot', '<', slot))
        .update({ last_scheduled_slot: slot });
      return Number(updated) === 1;
    },
    async remove(workspaceId, teamId) {
      return Number(await db(table).where({ workspace_id: workspaceId, team_id: teamId }).delete()) === 1;
    },
    async legacySyncs() {
      const rows = await db(table).where({ sync_state: 'syncing' }).whereNotNull('sync_snapshot').orderBy([{ column: 'workspace_id' }, { column: 'team_id' }]);
      return rows.map((row): LegacySyncRow => ({ workspace_id: String(row.workspace_id), team_id: String(row.team_id), snapshot: json<unknown>(row.sync_snapshot, null) }));
    },
    async clearLegacySync(workspaceId, teamId, now) {
      await db(table).where({ workspace_id: workspaceId, team_id: teamId }).update({ sync_snapshot: null, updated_at: now });
    },
  };
}
