/** One run handed to a runner: `runId` stays the same when a run cut off by a crash is run again. */
export interface PluginRunRequest {
  key: string;
  runId: string;
  input: Record<string, unknown>;
}

/** A runner's failure the user may read (a dead token, a vendor outage), kept as the run's `lastError`. */
export class PluginRunError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PluginRunError';
  }
}

/** Where one key's runs stand. */
export interface PluginRunStatus {
  state: 'idle' | 'running' | 'error';
  /** The run in flight (while `running`) or the last one started. */
  runId: string | null;
  startedAt: string | null;
  input: Record<string, unknown> | null;
  lastRun: { runId: string; finishedAt: string; output: Record<string, unknown> } | null;
  lastError: { code: string; message: string; at: string } | null;
}

/**
 * Durable runs of this (workspace, plugin), by runner name and key (e.g. `sync` and a team id).
 * Invariants: `start` never starts a second run of a key while one runs (it answers the running
 * one with `started: false`); `status` reflects every transition made before the call; `stop`
 * aborts a run in flight, waits until it stopped and forgets the key.
 */
export interface PluginRuns {
  start(runner: string, key: string, input: Record<string, unknown>): Promise<{ runId: string; started: boolean }>;
  status(runner: string, key: string): Promise<PluginRunStatus | undefined>;
  /** Resolves once the key has no run in flight in this process and its state is stored. */
  settled(runner: string, key: string): Promise<void>;
  stop(runner: string, key: string): Promise<void>;
}
