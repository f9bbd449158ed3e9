import type { Plugin } from '../../plugins/contract.js';
import type { PluginRunService } from '../../runtime/tools/pluginRuns.js';

/**
 * Work earlier versions of the plugins left in flight (contract: `Plugin.recovery`): `take` before
 * the actor host restores, `adopt` after, each as a durable run of the plugin that declared it.
 */
export function pluginRecovery(plugins: readonly Plugin[]) {
  return {
    async take(): Promise<number> {
      let taken = 0;
      for (const plugin of plugins) taken += (await plugin.recovery?.take()) ?? 0;
      return taken;
    },
    async adopt(runs: Pick<PluginRunService, 'adopt'>): Promise<void> {
      for (const plugin of plugins) {
        await plugin.recovery?.adopt(async (workspaceId, runner, key, runId, input) => {
          await runs.adopt(workspaceId, plugin.manifest.id, runner, key, runId, input);
        });
      }
    },
  };
}
