import { withDefaults } from './chatConfiguration.js';
import type { ChatServiceDeps } from './chatServiceDeps.js';
import { tsToIso } from './messageFilter.js';
import { ownIntegration } from './ownIntegration.js';

export type ChatStatusDeps = Pick<ChatServiceDeps, 'integrations' | 'knowledgeBase' | 'host' | 'schedule'>;

/**
 * The status view of one team's integration. Invariants: read only after the sync actor's latest
 * transition has landed; lists every channel with a checkpoint or stored messages (sorted by id);
 * `running` is true while a run is in this process or the row says `syncing`; 404 for a team the
 * workspace has not configured.
 */
export async function chatStatus(deps: ChatStatusDeps, workspaceId: string, teamId: string) {
  const { integrations, knowledgeBase: kb } = deps;
  // The actor's latest transition is written asynchronously: read after it landed.
  await deps.host.flushed(workspaceId, teamId);
  const row = await ownIntegration(integrations, workspaceId, teamId);
  const [counts, checkpoints] = await Promise.all([kb.channelCounts(workspaceId, teamId), integrations.checkpoints(workspaceId, teamId)]);
  const byId = new Map(counts.map((count) => [count.channel_id, count]));
  const ids = [...new Set([...checkpoints.map((c) => c.channel_id), ...counts.map((c) => c.channel_id)])].sort();
  const channels = ids.map((id) => {
    const checkpoint = checkpoints.find((c) => c.channel_id === id);
    const count = byId.get(id);
    return {
      channel_id: id,
      channel_name: checkpoint?.channel_name ?? count?.channel_name ?? id,
      message_count: count?.message_count ?? 0,
      synced_through: checkpoint?.synced_ts ? tsToIso(checkpoint.synced_ts) : null,
      last_synced_at: checkpoint?.last_synced_at ?? null,
    };
  });
  const running = deps.host.isRunning(workspaceId, teamId) || row.sync_state === 'syncing';
  return {
    team_id: teamId,
    team_name: row.team_name,
    state: running ? ('syncing' as const) : row.sync_state,
    running,
    last_sync_started_at: row.last_sync_started_at,
    last_sync_at: row.last_sync_at,
    next_sync_at: deps.schedule.nextRunAt(),
    last_error: row.last_error,
    total_messages: channels.reduce((sum, channel) => sum + channel.message_count, 0),
    configuration: withDefaults(row.configuration),
    channels,
  };
}
