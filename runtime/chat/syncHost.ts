import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { chatSyncMachine, chatSyncMachineVersion, type ChatSyncRunSummary, type RunSyncInput } from '../../machines/chatSync.js';
import type { ChatIntegrationPatch, ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';
import type { ActorHost } from '../actors/actorHost.js';
import { ActorOwnedElsewhereError } from '../actors/actorOwnedElsewhereError.js';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import { ChatApiError } from '../../plugins/chat/chatApiError.js';
import type { RunSync } from './syncRun.js';

type SyncSnapshot = SnapshotFrom<typeof chatSyncMachine>;

export interface ChatSyncHostDeps {
  integrations: ChatIntegrationsRepository;
  /** The process's actor host: chat sync actors are durable through it like every other actor. */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  runSync: RunSync;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
}

/** The actor id of a team's sync: stable, and short enough for any team id. */
export function chatSyncActorId(workspaceId: string, teamId: string): string {
  return `csync_${createHash('sha256').update(`${workspaceId}\u0000${teamId}`).digest('hex').slice(0, 40)}`;
}

/** The integration row's sync columns for a snapshot (the machine's projection). */
function syncPatch(snapshot: SyncSnapshot, now: string): ChatIntegrationPatch {
  const state = snapshot.value;
  const context = snapshot.context;
  return {
    sync_state: state,
    updated_at: now,
    ...(state === 'syncing' ? { last_sync_started_at: now } : {}),
    ...(state === 'idle' && context.lastRun ? { last_sync_at: context.lastRun.finishedAt, last_error: null } : {}),
    ...(state === 'error' && context.lastError ? { last_error: { ...context.lastError, at: now } } : {}),
  };
}

/**
 * Runs one chatSync actor per (workspace, team) on the actor host: its snapshot is the host's
 * actor row and its projection the integration row's sync columns, written in the same tick; a
 * run in flight when the process dies is restored with every other unfinished actor at start.
 * Runs of one team never overlap (the machine ignores SYNC while syncing); different teams run
 * side by side. An idle or failed sync is at rest: stored and dropped from memory.
 */
export function createChatSyncHost(deps: ChatSyncHostDeps) {
  const { integrations, logger } = deps;
  const runs = new Map<string, Promise<unknown>>();
  const creating = new Map<string, Promise<void>>();

  const syncs = deps.actors.register({
    name: 'chatSync',
    version: Number(chatSyncMachineVersion),
    logic: chatSyncMachine.provide({
      actors: {
        runSync: fromPromise<ChatSyncRunSummary, RunSyncInput>(async ({ input, signal }) => {
          const id = chatSyncActorId(input.workspaceId, input.teamId);
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
    }),
    atRest: (snapshot) => snapshot.value !== 'syncing',
    workspaceOf: (snapshot) => snapshot.context.workspaceId,
    project: (snapshot, now) => ({ chatSyncStates: [{ workspaceId: snapshot.context.workspaceId, teamId: snapshot.context.teamId, patch: syncPatch(snapshot, now) }] }),
  });

  /** Creates the team's actor row on its first sync (once, even for concurrent callers). */
  async function ensureActor(workspaceId: string, teamId: string): Promise<void> {
    const id = chatSyncActorId(workspaceId, teamId);
    let pending = creating.get(id);
    if (!pending) {
      pending = (async () => {
        try {
          await syncs.load(id);
        } catch (error) {
          // Another process runs this team's sync right now (Postgres leases): its row exists.
          if (error instanceof ActorOwnedElsewhereError) throw error;
          const now = deps.clock.now().toISOString();
          const input = { workspaceId, teamId };
          const actor = syncs.create(input);
          const row = { id, machine: syncs.name, version: Number(chatSyncMachineVersion), workspace_id: workspaceId, status: 'idle' as const, state_value: 'idle', snapshot: null, input: JSON.stringify(input), created_at: now, updated_at: now };
          await deps.actors.commit({ actors: [row] });
          syncs.start(id, actor, now);
        }
      })().finally(() => creating.delete(id));
      creating.set(id, pending);
    }
    await pending;
  }

  return {
    /**
     * Resumes runs stored before syncs ran on the actor host (their snapshot on the integration
     * row, no actor row); the host restores every other run in flight itself.
     */
    async restore(): Promise<number> {
      let restored = 0;
      for (const row of await integrations.listAll()) {
        if (row.sync_state !== 'syncing' || !row.sync_snapshot) continue;
        const id = chatSyncActorId(row.workspace_id, row.team_id);
        if (syncs.get(id)) continue;
        // The stored snapshot is this machine's persisted snapshot: it becomes the actor's row.
        const now = deps.clock.now().toISOString();
        await deps.actors.commit({
          actors: [{ id, machine: syncs.name, version: Number(chatSyncMachineVersion), workspace_id: row.workspace_id, status: 'active', state_value: 'syncing', snapshot: JSON.stringify(row.sync_snapshot), input: null, created_at: now, updated_at: now }],
        });
        await integrations.update(row.workspace_id, row.team_id, { sync_snapshot: null, updated_at: now });
        await syncs.load(id);
        restored += 1;
      }
      return restored;
    },

    /**
     * Starts a run unless one is in flight. Resolves with the run id and whether this call
     * started it; undefined when the team is not configured.
     */
    async requestSync(workspaceId: string, teamId: string, initial: boolean): Promise<{ runId: string; started: boolean } | undefined> {
      if (!(await integrations.get(workspaceId, teamId))) return undefined;
      await ensureActor(workspaceId, teamId);
      const actor = await syncs.load(chatSyncActorId(workspaceId, teamId));
      const before = actor.getSnapshot();
      if (before.value === 'syncing') return { runId: before.context.runId!, started: false };
      const runId = deps.ids.id('csr', 16);
      actor.send({ type: 'SYNC', runId, initial });
      return { runId, started: true };
    },

    /** Resolves once every state change so far is stored. */
    async flushed(_workspaceId: string, _teamId: string): Promise<void> {
      await deps.actors.flushed();
    },

    /** True while a run of the team is in flight in this process. */
    isRunning(workspaceId: string, teamId: string): boolean {
      return syncs.snapshot(chatSyncActorId(workspaceId, teamId))?.value === 'syncing';
    },

    /** Resolves once the team's actor is not syncing and its state is stored (tests, CLI). */
    async settled(workspaceId: string, teamId: string): Promise<void> {
      const actor = syncs.get(chatSyncActorId(workspaceId, teamId));
      if (actor) await waitFor(actor, (snapshot) => snapshot.value !== 'syncing' || snapshot.status !== 'active', { timeout: Infinity });
      await deps.actors.flushed();
    },

    /** Stops the team's actor, deletes it and waits until its run has stopped writing (disconnect). */
    async stopTeam(workspaceId: string, teamId: string): Promise<void> {
      const id = chatSyncActorId(workspaceId, teamId);
      await creating.get(id)?.catch(() => undefined);
      await syncs.retire(id);
      await runs.get(id)?.catch(() => undefined);
    },

    /** Runs in flight stay `syncing` in storage and resume on the next start; the host stops the actors. */
    async close(): Promise<void> {
      await Promise.all([...runs.values()].map((run) => run.catch(() => undefined)));
    },
  };
}

export type ChatSyncHost = ReturnType<typeof createChatSyncHost>;
