import type { PluginContext, PluginRuns } from '../contract.js';

/** The runner the chat sync is declared as (contract: `manifest.runners`), keyed by team id. */
export const syncRunner = 'sync';

/**
 * The plugin's durable runs. Invariant: the sync endpoints never run without them; a runtime that
 * runs no actors (an admin command) is a wiring fault, not a user's error.
 */
export function runsOf(context: PluginContext): PluginRuns {
  if (!context.runs) throw new Error('chat plugin: the runtime handed in no durable runs (it runs no actors)');
  return context.runs;
}
