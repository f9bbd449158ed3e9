import { PluginRunError, type PluginRunner } from '../contract.js';
import { ChatApiError } from './chatApiError.js';
import { syncRunner } from './runsOf.js';
import { createSyncRun, type SyncRunDeps } from './syncRun.js';

/**
 * The chat sync as a durable plugin run (contract: PluginRunner), keyed by team id, input
 * `{initial}`. The runtime keeps the run on its actor host: a run cut off by a crash is run again
 * with the same run id, and `createSyncRun` resumes it from the channels' checkpoints. A chat API
 * failure (a dead token, an outage) becomes the run's error `{code: <chat error>, message}`.
 */
export function chatSyncRunner(deps: SyncRunDeps): PluginRunner {
  const runSync = createSyncRun(deps);
  return {
    name: syncRunner,
    async run(context, run, signal) {
      try {
        const result = await runSync(context, { workspaceId: context.workspaceId, teamId: run.key, runId: run.runId, initial: run.input.initial === true }, signal);
        return { messages_fetched: result.messages_fetched, messages_removed_by_retention: result.messages_removed_by_retention, channels: result.channels, finished_at: result.finished_at };
      } catch (error) {
        if (error instanceof ChatApiError) throw new PluginRunError(error.chatError, error.message);
        throw error;
      }
    },
  };
}
