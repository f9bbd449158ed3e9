import type { PluginRunService } from '../../runtime/tools/pluginRuns.js';
import type { ActorsRepository } from '../../storage/repositories/actors.js';
import type { ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';

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
 * runs: a `chatSync` actor row (before the sync was a plugin run) or a snapshot on the
 * integration row (before that). `take()` removes them before the actor host restores (it has no
 * `chatSync` machine any more); `adopt()` starts each again as a `sync` run with its own run id,
 * after the restore, so it resumes from its channels' checkpoints instead of starting over.
 */
export function legacyChatSyncs(deps: { actors: Pick<ActorsRepository, 'listActive' | 'remove'>; chatIntegrations: Pick<ChatIntegrationsRepository, 'listAll' | 'update'>; now: () => string }) {
  const taken: LegacySync[] = [];
  return {
    async take(): Promise<number> {
      // Only that machine's rows: the host reads every other unfinished actor right after.
      for (const row of await deps.actors.listActive('chatSync')) {
        const sync = row.state_value === 'syncing' ? syncOf(row.snapshot) : undefined;
        if (sync) taken.push(sync);
        await deps.actors.remove(row.id);
      }
      for (const row of await deps.chatIntegrations.listAll()) {
        if (row.sync_state !== 'syncing' || !row.sync_snapshot) continue;
        const sync = syncOf(row.sync_snapshot);
        if (sync) taken.push(sync);
        await deps.chatIntegrations.update(row.workspace_id, row.team_id, { sync_snapshot: null, updated_at: deps.now() });
      }
      return taken.length;
    },
    async adopt(runs: Pick<PluginRunService, 'adopt'>): Promise<void> {
      for (const sync of taken.splice(0)) await runs.adopt(sync.workspaceId, 'chat', 'sync', sync.teamId, sync.runId, { initial: sync.initial });
    },
  };
}
