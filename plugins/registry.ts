import type { DeployFlag, Plugin } from './contract.js';

export interface FlagBinding {
  plugin: Plugin;
  flag: DeployFlag;
}

/**
 * The plugins the service runs, indexed by id, tool name and deploy flag. Built once at start;
 * http/ and the runtime see plugins only through it.
 */
export interface PluginRegistry {
  list(): readonly Plugin[];
  get(id: string): Plugin | undefined;
  /** The plugin and flag answering deploy flag `name`, if any. */
  flag(name: string): FlagBinding | undefined;
  flags(): readonly FlagBinding[];
}

/** Throws on a duplicate plugin id, tool name or flag name, and on a flag naming an undeclared tool. */
export function createPluginRegistry(plugins: readonly Plugin[]): PluginRegistry {
  const byId = new Map<string, Plugin>();
  const toolOwner = new Map<string, string>();
  const byFlag = new Map<string, FlagBinding>();
  for (const plugin of plugins) {
    const { id } = plugin.manifest;
    if (byId.has(id)) throw new Error(`plugin registry: duplicate plugin id "${id}"`);
    byId.set(id, plugin);
    for (const tool of plugin.manifest.tools) {
      const owner = toolOwner.get(tool);
      if (owner !== undefined) throw new Error(`plugin registry: tool "${tool}" of plugin "${id}" is already registered by plugin "${owner}"`);
      toolOwner.set(tool, id);
    }
    for (const flag of plugin.manifest.flags) {
      if (byFlag.has(flag.name)) throw new Error(`plugin registry: deploy flag "${flag.name}" of plugin "${id}" is already answered by plugin "${byFlag.get(flag.name)!.plugin.manifest.id}"`);
      if (!plugin.manifest.tools.includes(flag.tool)) throw new Error(`plugin registry: flag "${flag.name}" of plugin "${id}" names undeclared tool "${flag.tool}"`);
      byFlag.set(flag.name, { plugin, flag });
    }
  }
  const list = [...byId.values()];
  const flagList = [...byFlag.values()];
  return {
    list: () => list,
    get: (id) => byId.get(id),
    flag: (name) => byFlag.get(name),
    flags: () => flagList,
  };
}
