import type { PluginClock, PluginLegacyActors, PluginRecovery } from '../contract.js';
import { syncRunner } from './runsOf.js';
import type { ChatTeamStore } from './teamStore.js';

interface LegacySync {
  workspaceId: string;
  teamId: string;
  runId: string;
  initial: boolean;
}

function syncOf(snapshot: unknown): LegacySync | undefined {
  const context = (snapshot as { context?: Record<string, unknown> } | null)?.context;
  if (!context || typeof context.workspaceId !== 'string' || typeof context.teamId !== 'string' || typeof context.runId !== 'string') return undefined;
  return { workspaceId: context.workspaceId, teamId: context.teamId, runId: context.runId, initial: context.initial === true };
}

/**
 * Chat syncs in flight that an earlier version stored, taken over as the chat plugin's durable
 * runs: a `chatSync` actor row (before the sync was a plugin run) or a snapshot on the team's row
 * (before that). `take()` removes them before the actor host restores (it has no `chatSync`
 * machine any more); `adopt()` starts each again as a `sync` run with its own run id, after the
 * restore, so it resumes from its channels' checkpoints instead of starting over.
 */
export function legacyChatSyncs(deps: { actors: PluginLegacyActors; teams: Pick<ChatTeamStore, 'legacySyncs' | 'clearLegacySync'>; clock: PluginClock }): PluginRecovery {
  const taken: LegacySync[] = [];
  return {
    async take(): Promise<number> {
      // Only that machine's rows: the host reads every other unfinished actor right after.
      for (const row of await deps.actors.listActive('chatSync')) {
        const sync = row.state_value === 'syncing' ? syncOf(row.snapshot) : undefined;
        if (sync) taken.push(sync);
        await deps.actors.remove(row.id);
      }
      for (const row of await deps.teams.legacySyncs()) {
        const sync = syncOf(row.snapshot);
        if (sync) taken.push(sync);
        await deps.teams.clearLegacySync(row.workspace_id, row.team_id, deps.clock.now().toISOString());
      }
      return taken.length;
    },
    async adopt(adopt): Promise<void> {
      for (const sync of taken.splice(0)) await adopt(sync.workspaceId, syncRunner, sync.teamId, sync.runId, { initial: sync.initial });
    },
  };
}
