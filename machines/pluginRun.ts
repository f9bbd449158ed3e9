import { assign, fromPromise, setup } from 'xstate';

/**
 * The durable runs of one key of a plugin's runner (contract: PluginRunner; DESIGN section 2 and
 * 9), e.g. the chat plugin's `sync` of one team.
 *
 *   idle --START--> running --done--> idle
 *                   running --fail--> error --START--> running
 *
 * A START while `running` is ignored: one key never runs twice at once.
 *
 * Pure: no I/O and no clock reads (the runtime puts `runId` and `startedAt` in the event). The
 * runtime fills one slot with `.provide()`:
 * - actor `runPlugin`: runs (or resumes) the run `{runId, input}` with the plugin's runner. The
 *   persisted snapshot of a `running` actor restored after a crash runs it again with the same
 *   input, so the runner must resume rather than start over (contract: PluginRunner). It honours
 *   its `signal` (stopping the actor stops the run). A rejection carries `{code, message, at}`.
 */

export interface PluginRunKey {
  workspaceId: string;
  pluginId: string;
  runner: string;
  key: string;
}

export interface PluginRunSummary {
  runId: string;
  finishedAt: string;
  output: Record<string, unknown>;
}

export interface PluginRunContext extends PluginRunKey {
  /** The run in flight (while `running`) or the last one started. */
  runId: string | null;
  startedAt: string | null;
  input: Record<string, unknown> | null;
  lastRun: PluginRunSummary | null;
  lastError: { code: string; message: string; at: string } | null;
}

export type PluginRunEvent = { type: 'START'; runId: string; startedAt: string; input: Record<string, unknown> };

export interface RunPluginInput extends PluginRunKey {
  runId: string;
  input: Record<string, unknown>;
}

export const pluginRunMachineVersion = '1';

function errorOf(error: unknown): { code: string; message: string; at: string } {
  const value = error as { code?: unknown; message?: unknown; at?: unknown };
  return {
    code: typeof value?.code === 'string' ? value.code : 'run_failed',
    message: typeof value?.message === 'string' ? value.message : String(error),
    at: typeof value?.at === 'string' ? value.at : '',
  };
}

export const pluginRunMachine = setup({
  types: {
    context: {} as PluginRunContext,
    events: {} as PluginRunEvent,
    input: {} as PluginRunKey,
  },
  actions: {
    start: assign(({ event }) => ({ runId: event.runId, startedAt: event.startedAt, input: event.input })),
  },
  actors: {
    runPlugin: fromPromise<PluginRunSummary, RunPluginInput>(async () => {
      throw new Error('pluginRun: the runPlugin actor was not provided');
    }),
  },
}).createMachine({
  id: 'pluginRun',
  context: ({ input }) => ({ ...input, runId: null, startedAt: null, input: null, lastRun: null, lastError: null }),
  initial: 'idle',
  states: {
    idle: { on: { START: { target: 'running', actions: 'start' } } },
    running: {
      invoke: {
        src: 'runPlugin',
        input: ({ context }) => ({ workspaceId: context.workspaceId, pluginId: context.pluginId, runner: context.runner, key: context.key, runId: context.runId!, input: context.input ?? {} }),
        onDone: { target: 'idle', actions: assign(({ event }) => ({ lastRun: event.output, lastError: null })) },
        onError: { target: 'error', actions: assign(({ event }) => ({ lastError: errorOf(event.error) })) },
      },
    },
    error: { on: { START: { target: 'running', actions: 'start' } } },
  },
});
