/**
 * The chat teams connected to workspaces (spec: Chat-tool integration): the one row type of the
 * plugin's `chat_integrations` table (teamsTable.ts), which encrypts `token` at rest; the plugin
 * sees it decrypted.
 */
export interface ChatTeam {
  workspace_id: string;
  team_id: string;
  team_name: string;
  /** The bot token, decrypted. */
  token: string;
  bot_user_id: string;
  configuration: Record<string, unknown>;
  /** The 02:00 UTC slot the scheduled sync last claimed (ISO). */
  last_scheduled_slot: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Where the team's sync stood before syncs ran as plugin runs (read only): shown until the
   * team's first run under `context.runs`.
   */
  legacy: { sync_state: 'idle' | 'syncing' | 'error'; last_sync_started_at: string | null; last_sync_at: string | null; last_error: { code: string; message: string; at: string } | null };
}

export interface ChatTeamStore {
  get(workspaceId: string, teamId: string): Promise<ChatTeam | undefined>;
  listForWorkspace(workspaceId: string): Promise<ChatTeam[]>;
  /** Creates the team or replaces its token, team name, bot and configuration. */
  save(team: Omit<ChatTeam, 'last_scheduled_slot' | 'legacy'>): Promise<void>;
  /** Claims the scheduled run of `slot`: true for exactly one caller, even across processes. */
  claimSlot(workspaceId: string, teamId: string, slot: string): Promise<boolean>;
  /** Deletes the team (its messages and read checkpoints go with `conversations.purge`). */
  remove(workspaceId: string, teamId: string): Promise<boolean>;
  /** Syncs in flight an earlier version kept on the team's row (before syncs ran as actors). */
  legacySyncs(): Promise<LegacySyncRow[]>;
  clearLegacySync(workspaceId: string, teamId: string, now: string): Promise<void>;
}

/** A sync in flight as an earlier version kept it: its chart's persisted snapshot. */
export interface LegacySyncRow {
  workspace_id: string;
  team_id: string;
  snapshot: unknown;
}
