import type { PluginContext } from '../contract.js';
import { withDefaults } from './chatConfiguration.js';
import type { ChatServiceDeps } from './chatServiceDeps.js';
import { conversationsOf } from './conversationsOf.js';
import { tsToIso } from './messageFilter.js';
import { ownIntegration } from './ownIntegration.js';
import { runsOf, syncRunner } from './runsOf.js';
import { nextSlot } from './syncSchedule.js';

/**
 * The status view of one team's integration. Invariants: read only after the sync run's latest
 * transition has landed (`runs.status`); lists every channel with a checkpoint or stored messages
 * (sorted by id); `running` is true while a run of the team is in flight in any process; 404 for a
 * team the workspace has not configured. A team not synced since syncs became plugin runs shows
 * the state its row kept.
 */
export async function chatStatus(deps: Pick<ChatServiceDeps, 'teams' | 'errors'>, context: PluginContext, teamId: string) {
  const run = await runsOf(context).status(syncRunner, teamId);
  const row = await ownIntegration(deps.teams, deps.errors, context.workspaceId, teamId);
  const conversations = conversationsOf(context);
  const [counts, checkpoints] = await Promise.all([conversations.channelCounts(teamId), conversations.checkpoints(teamId)]);
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
  const state = run ? (run.state === 'running' ? ('syncing' as const) : run.state) : row.legacy.sync_state;
  return {
    team_id: teamId,
    team_name: row.team_name,
    state,
    running: state === 'syncing',
    last_sync_started_at: run?.startedAt ?? row.legacy.last_sync_started_at,
    last_sync_at: run?.lastRun?.finishedAt ?? row.legacy.last_sync_at,
    next_sync_at: nextSlot(context.clock.now()).toISOString(),
    last_error: run ? run.lastError : row.legacy.last_error,
    total_messages: channels.reduce((sum, channel) => sum + channel.message_count, 0),
    configuration: withDefaults(row.configuration),
    channels,
  };
}
