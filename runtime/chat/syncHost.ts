import type { Logger } from 'pino';
import { createActor, fromPromise, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import { chatSyncMachine, type ChatSyncRunSummary, type RunSyncInput } from '../../machines/chatSync.js';
import type { ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import { ChatApiError } from '../../plugins/chat/chatApiError.js';
import type { RunSync } from './syncRun.js';

type SyncActor = Actor<typeof chatSyncMachine>;
type SyncSnapshot = SnapshotFrom<typeof chatSyncMachine>;

export interface ChatSyncHostDeps {
  integrations: ChatIntegrationsRepository;
  runSync: RunSync;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
}

const key = (workspaceId: string, teamId: string) => `${workspaceId}\u0000${teamId}`;

/**
 * Runs one chatSync actor per (workspace, team) and stores its persisted snapshot with the
 * integration after every transition, so a run in flight when the process dies resumes on the
 * next start (`restore`). Runs of one team never overlap (the machine ignores SYNC while
 * syncing); different teams run side by side.
 */
export function createChatSyncHost(deps: ChatSyncHostDeps) {
  const { integrations, clock, logger } = deps;
  const actors = new Map<string, SyncActor>();
  const runs = new Map<string, Promise<unknown>>();
  const writes = new Map<string, Promise<unknown>>();

  const machine = chatSyncMachine.provide({
    actors: {
      runSync: fromPromise<ChatSyncRunSummary, RunSyncInput>(async ({ input, signal }) => {
        const id = key(input.workspaceId, input.teamId);
        const run = deps.runSync(input, signal);
        runs.set(id, run);
        try {
          const result = await run;
          return { runId: result.runId, messagesFetched: result.messages_fetched, finishedAt: result.finished_at };
        } catch (error) {
          if (error instanceof ChatApiError) throw { code: error.chatError, message: error.message };
          // Internals stay in the log; the status shows a generic error.
          logger.error({ err: error, team_id: input.teamId }, 'chat sync failed');
          throw { code: 'internal_error', message: 'The sync failed on an internal error; what was stored is kept.' };
        } finally {
          if (runs.get(id) === run) runs.delete(id);
        }
      }),
    },
  });

  function persist(workspaceId: string, teamId: string, snapshot: SyncSnapshot): void {
    const id = key(workspaceId, teamId);
    const now = clock.now().toISOString();
    const state = snapshot.value as 'idle' | 'syncing' | 'error';
    const context = snapshot.context;
    const persisted = actors.get(id)?.getPersistedSnapshot();
    const patch = {
      sync_state: state,
      sync_snapshot: persisted ?? null,
      updated_at: now,
      ...(state === 'syncing' ? { last_sync_started_at: now } : {}),
      ...(state === 'idle' && context.lastRun ? { last_sync_at: context.lastRun.finishedAt, last_error: null } : {}),
      ...(state === 'error' && context.lastError ? { last_error: { ...context.lastError, at: now } } : {}),
    };
    const previous = writes.get(id) ?? Promise.resolve();
    const next = previous.then(() => integrations.update(workspaceId, teamId, patch)).catch((error: unknown) => logger.error({ err: error }, 'chat sync state not stored'));
    writes.set(id, next);
  }

  function spawn(workspaceId: string, teamId: string, snapshot: unknown): SyncActor {
    const id = key(workspaceId, teamId);
    const actor = createActor(machine, snapshot ? { snapshot: snapshot as never, input: { workspaceId, teamId } } : { input: { workspaceId, teamId } });
    actors.set(id, actor);
    let last = snapshot ? (actor.getSnapshot().value as string) : undefined;
    actor.subscribe({
      next(value) {
        if (value.status !== 'active' || actors.get(id) !== actor) return;
        if (value.value === last) return;
        last = value.value as string;
        persist(workspaceId, teamId, value);
      },
      error: (error) => logger.error({ err: error }, 'chat sync actor failed'),
    });
    actor.start();
    return actor;
  }

  async function actorFor(workspaceId: string, teamId: string): Promise<SyncActor | undefined> {
    const existing = actors.get(key(workspaceId, teamId));
    if (existing) return existing;
    const row = await integrations.get(workspaceId, teamId);
    if (!row) return undefined;
    return actors.get(key(workspaceId, teamId)) ?? spawn(workspaceId, teamId, row.sync_snapshot);
  }

  return {
    /** Resumes every run that was in flight when the process stopped. */
    async restore(): Promise<number> {
      let restored = 0;
      for (const row of await integrations.listAll()) {
        if (row.sync_state !== 'syncing' || !row.sync_snapshot || actors.has(key(row.workspace_id, row.team_id))) continue;
        spawn(row.workspace_id, row.team_id, row.sync_snapshot);
        restored += 1;
      }
      return restored;
    },

    /**
     * Starts a run unless one is in flight. Resolves with the run id and whether this call
     * started it; undefined when the team is not configured.
     */
    async requestSync(workspaceId: string, teamId: string, initial: boolean): Promise<{ runId: string; started: boolean } | undefined> {
      const actor = await actorFor(workspaceId, teamId);
      if (!actor) return undefined;
      const before = actor.getSnapshot();
      if (before.value === 'syncing') return { runId: before.context.runId!, started: false };
      const runId = deps.ids.id('csr', 16);
      actor.send({ type: 'SYNC', runId, initial });
      return { runId, started: true };
    },

    /** Resolves once every state change of the team's actor so far is stored. */
    async flushed(workspaceId: string, teamId: string): Promise<void> {
      await writes.get(key(workspaceId, teamId));
    },

    /** True while a run of the team is in flight in this process. */
    isRunning(workspaceId: string, teamId: string): boolean {
      return actors.get(key(workspaceId, teamId))?.getSnapshot().value === 'syncing';
    },

    /** Resolves once the team's actor is not syncing and its state is stored (tests, CLI). */
    async settled(workspaceId: string, teamId: string): Promise<void> {
      const actor = actors.get(key(workspaceId, teamId));
      if (actor) await waitFor(actor, (snapshot) => snapshot.value !== 'syncing' || snapshot.status !== 'active', { timeout: Infinity });
      await writes.get(key(workspaceId, teamId));
    },

    /** Stops the team's actor and waits until its run has stopped writing (disconnect). */
    async stopTeam(workspaceId: string, teamId: string): Promise<void> {
      const id = key(workspaceId, teamId);
      const actor = actors.get(id);
      actors.delete(id);
      actor?.stop();
      await runs.get(id)?.catch(() => undefined);
      await writes.get(id);
      writes.delete(id);
    },

    /** Stops every actor; runs in flight stay `syncing` in storage and resume on the next start. */
    async close(): Promise<void> {
      const ids = [...actors.keys()];
      for (const id of ids) {
        actors.get(id)?.stop();
        actors.delete(id);
      }
      await Promise.all([...runs.values()].map((run) => run.catch(() => undefined)));
      await Promise.all([...writes.values()]);
    },
  };
}

export type ChatSyncHost = ReturnType<typeof createChatSyncHost>;
