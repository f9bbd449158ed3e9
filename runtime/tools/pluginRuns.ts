import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { pluginRunMachine, pluginRunMachineVersion, type PluginRunContext, type PluginRunSummary, type RunPluginInput } from '../../machines/pluginRun.js';
import { PluginRunError, type PluginContext, type PluginRuns, type PluginRunStatus } from '../../plugins/contract.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { ActorsRepository } from '../../storage/repositories/actors.js';
import type { ActorHost } from '../actors/actorHost.js';
import { ActorOwnedElsewhereError } from '../actors/actorOwnedElsewhereError.js';
import type { CommandForwarding } from '../actors/commandForwarding.js';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';

type RunSnapshot = SnapshotFrom<typeof pluginRunMachine>;

export interface PluginRunsDeps {
  registry: PluginRegistry;
  /** The process's actor host: runs are durable through it like every other actor. */
  actors: Pick<ActorHost, 'register' | 'commit' | 'flushed'>;
  /** Stored actor rows: the status of a key whose actor is at rest (not in memory). */
  actorRows: Pick<ActorsRepository, 'get'>;
  /** The plugin context a runner is called with (the plugin host's). */
  context(workspaceId: string, pluginId: string): Promise<PluginContext>;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /**
   * Scale-out (Postgres): a start for a key whose run actor another process holds is forwarded to
   * that process, which answers `started` as it would locally. `local`: this process runs actors
   * (tries here first and applies forwarded starts); an API-only process forwards every start.
   */
  forwarding?: { commands: Pick<CommandForwarding, 'forward' | 'handle'>; local: boolean };
}

type StartArgs = { workspaceId: string; pluginId: string; runner: string; key: string; input: Record<string, unknown>; runId: string };

/** The actor id of one key's runs: stable, and short enough for any key. */
export function pluginRunActorId(workspaceId: string, pluginId: string, runner: string, key: string): string {
  return `prun_${createHash('sha256').update([workspaceId, pluginId, runner, key].join('\u0000')).digest('hex').slice(0, 40)}`;
}

function statusOf(state: string, context: PluginRunContext): PluginRunStatus {
  return {
    state: state === 'running' ? 'running' : state === 'error' ? 'error' : 'idle',
    runId: context.runId,
    startedAt: context.startedAt,
    input: context.input,
    lastRun: context.lastRun,
    lastError: context.lastError,
  };
}

/**
 * Durable runs for plugins (contract: `manifest.runners`, `context.runs`): one `pluginRun` actor
 * per (workspace, plugin, runner, key) on the actor host, so a run in flight when the process dies
 * is restored with every other unfinished actor at start and run again with the same run id; runs
 * of one key never overlap (the machine ignores START while running); different keys run side by
 * side. An idle or failed key is at rest: stored and dropped from memory.
 */
export function createPluginRuns(deps: PluginRunsDeps): PluginRunService {
  const { logger } = deps;
  const inFlight = new Map<string, Promise<unknown>>();
  const creating = new Map<string, Promise<void>>();

  async function runPlugin(input: RunPluginInput, signal: AbortSignal): Promise<PluginRunSummary> {
    const id = pluginRunActorId(input.workspaceId, input.pluginId, input.runner, input.key);
    const runner = deps.registry.get(input.pluginId)?.manifest.runners?.find((candidate) => candidate.name === input.runner);
    const run = (async () => {
      if (!runner) throw new PluginRunError('runner_not_installed', `Plugin ${input.pluginId} has no runner ${input.runner} in this service.`);
      const context = await deps.context(input.workspaceId, input.pluginId);
      return runner.run(context, { key: input.key, runId: input.runId, input: input.input }, signal);
    })();
    inFlight.set(id, run);
    try {
      const output = await run;
      return { runId: input.runId, finishedAt: deps.clock.now().toISOString(), output };
    } catch (error) {
      const at = deps.clock.now().toISOString();
      if (error instanceof PluginRunError) throw { code: error.code, message: error.message, at };
      // Internals stay in the log; the status shows a generic error.
      logger.error({ err: error, plugin: input.pluginId, runner: input.runner, key: input.key }, 'plugin run failed');
      throw { code: 'internal_error', message: 'The run failed on an internal error; what it stored is kept.', at };
    } finally {
      if (inFlight.get(id) === run) inFlight.delete(id);
    }
  }

  const handle = deps.actors.register({
    name: 'pluginRun',
    version: Number(pluginRunMachineVersion),
    logic: pluginRunMachine.provide({ actors: { runPlugin: fromPromise<PluginRunSummary, RunPluginInput>(({ input, signal }) => runPlugin(input, signal)) } }),
    atRest: (snapshot) => snapshot.value !== 'running',
    workspaceOf: (snapshot) => snapshot.context.workspaceId,
  });

  /** Creates the key's actor row on its first run (once, even for concurrent callers). */
  async function ensureActor(workspaceId: string, pluginId: string, runner: string, key: string): Promise<string> {
    const id = pluginRunActorId(workspaceId, pluginId, runner, key);
    let pending = creating.get(id);
    if (!pending) {
      pending = (async () => {
        try {
          await handle.load(id);
        } catch (error) {
          // Another process runs this key right now (Postgres leases): its row exists.
          if (error instanceof ActorOwnedElsewhereError) throw error;
          const now = deps.clock.now().toISOString();
          const input = { workspaceId, pluginId, runner, key };
          const actor = handle.create(input);
          const row = { id, machine: handle.name, version: Number(pluginRunMachineVersion), workspace_id: workspaceId, status: 'idle' as const, state_value: 'idle', snapshot: null, input: JSON.stringify(input), created_at: now, updated_at: now };
          await deps.actors.commit({ actors: [row] });
          handle.start(id, actor, now);
        }
      })().finally(() => creating.delete(id));
      creating.set(id, pending);
    }
    await pending;
    return id;
  }

  function checkRunner(pluginId: string, runner: string): void {
    if (!deps.registry.get(pluginId)?.manifest.runners?.some((candidate) => candidate.name === runner)) throw new Error(`plugin ${pluginId} declares no runner ${runner}`);
  }

  async function start(workspaceId: string, pluginId: string, runner: string, key: string, input: Record<string, unknown>, runId: string): Promise<{ runId: string; started: boolean }> {
    checkRunner(pluginId, runner);
    const forwarding = deps.forwarding;
    if (!forwarding) return startHere(workspaceId, pluginId, runner, key, input, runId);
    if (forwarding.local) {
      try {
        return await startHere(workspaceId, pluginId, runner, key, input, runId);
      } catch (error) {
        if (!(error instanceof ActorOwnedElsewhereError)) throw error;
      }
    }
    const args: StartArgs = { workspaceId, pluginId, runner, key, input, runId };
    return (await forwarding.commands.forward('plugin.run', pluginRunActorId(workspaceId, pluginId, runner, key), workspaceId, args)) as { runId: string; started: boolean };
  }

  if (deps.forwarding?.local) {
    deps.forwarding.commands.handle('plugin.run', async ({ args }) => {
      const { workspaceId, pluginId, runner, key, input, runId } = args as StartArgs;
      return startHere(workspaceId, pluginId, runner, key, input, runId);
    });
  }

  async function startHere(workspaceId: string, pluginId: string, runner: string, key: string, input: Record<string, unknown>, runId: string): Promise<{ runId: string; started: boolean }> {
    const id = await ensureActor(workspaceId, pluginId, runner, key);
    const actor = await handle.load(id);
    const before = actor.getSnapshot();
    if (before.value === 'running') return { runId: before.context.runId!, started: false };
    actor.send({ type: 'START', runId, startedAt: deps.clock.now().toISOString(), input });
    return { runId, started: true };
  }

  return {
    /**
     * Starts a run with a given run id: a run an earlier version kept elsewhere (app/ adopts the
     * chat syncs stored before they were plugin runs), so the runner resumes it from its checkpoints.
     */
    adopt: (workspaceId: string, pluginId: string, runner: string, key: string, runId: string, input: Record<string, unknown>) => start(workspaceId, pluginId, runner, key, input, runId),
    /** The runs of one (workspace, plugin), as the plugin sees them (contract: PluginRuns). */
    forPlugin(workspaceId: string, pluginId: string): PluginRuns {
      return {
        start: (runner, key, input) => start(workspaceId, pluginId, runner, key, input, deps.ids.id('run', 16)),
        async status(runner, key) {
          // The latest transition is written asynchronously: read after it landed.
          await deps.actors.flushed();
          const id = pluginRunActorId(workspaceId, pluginId, runner, key);
          const live = handle.snapshot(id);
          if (live) return statusOf(String(live.value), live.context);
          const row = await deps.actorRows.get(id);
          if (!row || row.machine !== handle.name || !row.snapshot) return undefined;
          const stored = row.snapshot as RunSnapshot;
          return statusOf(String(stored.value), stored.context);
        },
        async settled(runner, key) {
          const actor = handle.get(pluginRunActorId(workspaceId, pluginId, runner, key));
          if (actor) await waitFor(actor, (snapshot) => snapshot.value !== 'running' || snapshot.status !== 'active', { timeout: Infinity });
          await deps.actors.flushed();
        },
        async stop(runner, key) {
          const id = pluginRunActorId(workspaceId, pluginId, runner, key);
          await creating.get(id)?.catch(() => undefined);
          await handle.retire(id);
          await inFlight.get(id)?.catch(() => undefined);
        },
      };
    },
    /** Resolves once the runs the stopped actors were making have ended; call after the actor host stopped. */
    async drained(): Promise<void> {
      await Promise.all([...inFlight.values()].map((run) => run.catch(() => undefined)));
    },
  };
}

export interface PluginRunService {
  /**
   * Starts a run with a given run id: a run an earlier version kept elsewhere (app/ adopts the
   * chat syncs stored before they were plugin runs), so the runner resumes it from its checkpoints.
   */
  adopt: (workspaceId: string, pluginId: string, runner: string, key: string, runId: string, input: Record<string, unknown>) => Promise<{
    runId: string;
    started: boolean;
  }>;
  /** The runs of one (workspace, plugin), as the plugin sees them (contract: PluginRuns). */
  forPlugin(workspaceId: string, pluginId: string): PluginRuns;
  /** Resolves once the runs the stopped actors were making have ended; call after the actor host stopped. */
  drained(): Promise<void>;
}
