import type { McpServer } from '@modelcontextprotocol/server';
import type { PluginContext } from './context.js';
import type { PluginHost, PluginRecovery } from './host.js';
import type { PluginManifest } from './manifest.js';
import type { PluginMigration } from './migrations.js';
import type { PluginRoute } from './routes.js';

export interface Plugin {
  manifest: PluginManifest;
  /**
   * Builds the plugin's MCP server for one workspace. Called when the workspace's plugin
   * connection opens (first use, or after configure changed its settings). The runtime connects
   * the returned server over an in-memory transport and closes it on disconnect.
   */
  register(context: PluginContext): McpServer | Promise<McpServer>;
  /**
   * Schema steps of the plugin's own tables; storage runs them with its own migrations (see
   * `PluginMigration`). Declared on the plugin itself: they run before anything is attached.
   */
  migrations?: PluginMigration[];
  /**
   * Builds the running plugin from what the runtime hands it once at start (its database, the
   * secrets cipher, the error class): the same plugin with its stores wired into its jobs,
   * runners, routes and recovery. A plugin that needs none of these has no `attach`.
   */
  attach?(host: PluginHost): Plugin;
  /** The plugin's HTTP endpoints (app/ mounts them with the service's routes). */
  routes?: PluginRoute[];
  /** Work an earlier version of the plugin left in flight, taken over at start. */
  recovery?: PluginRecovery;
}

/** Identity helper that type-checks a plugin definition. */
export function definePlugin<P extends Plugin>(plugin: P): P {
  return plugin;
}
