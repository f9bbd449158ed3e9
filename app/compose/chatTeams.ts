import type { ChatTeam, ChatTeamStore } from '../../plugins/chat/teamStore.js';
import type { SecretCipher } from '../../runtime/secrets/cipher.js';
import type { ChatIntegrationRow, ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';

function teamOf(row: ChatIntegrationRow, cipher: SecretCipher): ChatTeam {
  return {
    workspace_id: row.workspace_id,
    team_id: row.team_id,
    team_name: row.team_name,
    token: cipher.decrypt(row.token),
    bot_user_id: row.bot_user_id,
    configuration: row.configuration,
    last_scheduled_slot: row.last_scheduled_slot,
    created_at: row.created_at,
    updated_at: row.updated_at,
    legacy: { sync_state: row.sync_state, last_sync_started_at: row.last_sync_started_at, last_sync_at: row.last_sync_at, last_error: row.last_error },
  };
}

/**
 * The chat plugin's teams over the `chat_integrations` table. The bot token is encrypted here on
 * the way in and decrypted on the way out: the process's one cipher never reaches the plugin.
 */
export function chatTeamStore(repo: ChatIntegrationsRepository, cipher: SecretCipher): ChatTeamStore {
  return {
    get: async (workspaceId, teamId) => {
      const row = await repo.get(workspaceId, teamId);
      return row ? teamOf(row, cipher) : undefined;
    },
    listForWorkspace: async (workspaceId) => (await repo.listForWorkspace(workspaceId)).map((row) => teamOf(row, cipher)),
    // On conflict the repository replaces only the team name, token, bot and configuration: the
    // sync columns given here are the ones a new team starts with.
    save: (team) =>
      repo.save({ ...team, token: cipher.encrypt(team.token), sync_state: 'idle', sync_snapshot: null, last_sync_started_at: null, last_sync_at: null, last_error: null, last_scheduled_slot: null }),
    claimSlot: (workspaceId, teamId, slot) => repo.claimSlot(workspaceId, teamId, slot),
    remove: (workspaceId, teamId) => repo.remove(workspaceId, teamId),
  };
}
