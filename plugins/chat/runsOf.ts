import type { PluginContext, PluginRuns } from '../contract.js';

/** The runner the chat sync is declared as (contract: `manifest.runners`), keyed by team id. */
export const syncRunner = 'sync';

/**
 * The plugin's durable runs. Invariant: the sync endpoints never run without them; a context
 * without runs (one built by hand, outside a runtime) is a wiring fault, not a user's error.
 */
export function runsOf(context: PluginContext): PluginRuns {
  if (!context.runs) throw new Error('chat plugin: the context has no durable runs (context.runs)');
  return context.runs;
}
