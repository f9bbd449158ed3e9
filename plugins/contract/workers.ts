import type { PluginContext } from './context.js';
import type { PluginRunRequest } from './runs.js';

/** A scheduled job of a plugin. */
export interface PluginJob {
  /** Unique within the plugin, `snake_case`; shown in logs. */
  name: string;
  /** A five-field cron expression, evaluated in UTC (e.g. `0 2 * * *` for 02:00 UTC). */
  schedule: string;
  /** Runs the job for one workspace; a throw is logged and the next tick runs again. */
  run(context: PluginContext): Promise<void>;
  /**
   * Also run the job once when the service starts (after unfinished runs were restored), so a
   * tick missed while the service was down is caught up. Only for a job that decides itself what
   * is due (the chat sync claims each 02:00 UTC slot once): the start run may find nothing to do.
   */
  runAtStart?: boolean;
}

/**
 * A durable run kind of a plugin. `run` must resume rather than start over when it is called again
 * with a `runId` it has seen (keep progress keyed by `runId`, e.g. in checkpoints stored with the
 * data), must store idempotently, and must stop when `signal` aborts (a disconnect, a shutdown).
 * It resolves with a JSON summary (kept as the run's `output`). A `PluginRunError` it throws is
 * kept as the run's `lastError` `{code, message}`, for the user to read; any other throw is logged
 * and kept as `internal_error` without its internals.
 */
export interface PluginRunner {
  /** Unique within the plugin, `snake_case`. */
  name: string;
  run(context: PluginContext, run: PluginRunRequest, signal: AbortSignal): Promise<Record<string, unknown>>;
}
