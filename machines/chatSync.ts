import { assign, fromPromise, setup } from 'xstate';

/**
 * The sync of one chat team into a workspace's knowledge base (spec: Sync behavior; DESIGN
 * section 2).
 *
 *   idle --SYNC--> syncing --done--> idle
 *                  syncing --fail--> error --SYNC--> syncing
 *
 * A SYNC while `syncing` is ignored: one team never runs two syncs at once.
 *
 * Pure: no I/O and no clock reads. The runtime fills one slot with `.provide()`:
 * - actor `runSync`: runs (or resumes) the run `{runId, initial}`. The persisted snapshot of a
 *   `syncing` actor restored after a crash runs it again with the same input, so the slot must
 *   resume from its per-channel checkpoints (keyed by runId) rather than start over, and store
 *   messages idempotently. It honours its `signal` (stopping the actor stops the run).
 *   A rejection carries `{code, message}` when it can (the runtime classifies its errors).
 */

export interface ChatSyncInput {
  workspaceId: string;
  teamId: string;
}

export interface ChatSyncRunSummary {
  runId: string;
  messagesFetched: number;
  finishedAt: string;
}

export interface ChatSyncContext {
  workspaceId: string;
  teamId: string;
  /** The run in flight (while `syncing`) or the last one started. */
  runId: string | null;
  initial: boolean;
  lastRun: ChatSyncRunSummary | null;
  lastError: { code: string; message: string } | null;
}

/** `runId` identifies the run; the runtime makes it (machines take no ids or time of their own). */
export type ChatSyncEvent = { type: 'SYNC'; runId: string; initial: boolean };

export interface RunSyncInput {
  workspaceId: string;
  teamId: string;
  runId: string;
  initial: boolean;
}

export const chatSyncMachineVersion = '1';

function errorOf(error: unknown): { code: string; message: string } {
  const value = error as { code?: unknown; chatError?: unknown; message?: unknown };
  const code = typeof value?.code === 'string' ? value.code : typeof value?.chatError === 'string' ? value.chatError : 'sync_failed';
  return { code, message: typeof value?.message === 'string' ? value.message : String(error) };
}

export const chatSyncMachine = setup({
  types: {
    context: {} as ChatSyncContext,
    events: {} as ChatSyncEvent,
    input: {} as ChatSyncInput,
  },
  actors: {
    runSync: fromPromise<ChatSyncRunSummary, RunSyncInput>(async () => {
      throw new Error('chatSync: the runSync actor was not provided');
    }),
  },
}).createMachine({
  id: 'chatSync',
  context: ({ input }) => ({ workspaceId: input.workspaceId, teamId: input.teamId, runId: null, initial: false, lastRun: null, lastError: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { SYNC: { target: 'syncing', actions: assign(({ event }) => ({ runId: event.runId, initial: event.initial })) } },
    },
    syncing: {
      invoke: {
        src: 'runSync',
        input: ({ context }) => ({ workspaceId: context.workspaceId, teamId: context.teamId, runId: context.runId!, initial: context.initial }),
        onDone: { target: 'idle', actions: assign(({ event }) => ({ lastRun: event.output, lastError: null })) },
        onError: { target: 'error', actions: assign(({ event }) => ({ lastError: errorOf(event.error) })) },
      },
    },
    error: {
      on: { SYNC: { target: 'syncing', actions: assign(({ event }) => ({ runId: event.runId, initial: event.initial })) } },
    },
  },
});
