import cron from 'node-cron';
import type { CrewId, DeployFlag, Plugin } from './contract.js';

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

export interface RegistryOptions {
  /**
   * The stage names of each crew the service runs. When given, every flag's `stages` entry must
   * name a crew of this map and one of its stages, or the start fails naming the plugin: a
   * misspelled stage would otherwise make the flag silently never run.
   */
  crewStages?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Throws on a duplicate plugin id, tool name, flag name, route, job name or runner name, on a flag naming an
 * undeclared tool, on a configure field its settings schema lacks, on a flag stage no crew has (when
 * `crewStages` is given) and on an invalid job schedule. Every message names the plugin.
 */
export function createPluginRegistry(plugins: readonly Plugin[], options: RegistryOptions = {}): PluginRegistry {
  const byId = new Map<string, Plugin>();
  const toolOwner = new Map<string, string>();
  const byFlag = new Map<string, FlagBinding>();
  const routeOwner = new Map<string, string>();
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
      if (options.crewStages) checkStages(id, flag, options.crewStages);
      byFlag.set(flag.name, { plugin, flag });
    }
    const settingNames = Object.keys((plugin.manifest.settingsSchema.properties as Record<string, unknown> | undefined) ?? {});
    for (const field of plugin.manifest.configureFields ?? []) {
      if (!settingNames.includes(field)) throw new Error(`plugin registry: configure field "${field}" of plugin "${id}" is not a property of its settings schema`);
    }
    for (const route of plugin.routes ?? []) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const owner = routeOwner.get(key);
      if (owner !== undefined) throw new Error(`plugin registry: route ${key} of plugin "${id}" is already declared by plugin "${owner}"`);
      routeOwner.set(key, id);
    }
    const jobNames = new Set<string>();
    for (const job of plugin.manifest.jobs ?? []) {
      if (jobNames.has(job.name)) throw new Error(`plugin registry: plugin "${id}" declares job "${job.name}" twice`);
      jobNames.add(job.name);
      if (!cron.validate(job.schedule)) throw new Error(`plugin registry: job "${job.name}" of plugin "${id}" has an invalid cron schedule "${job.schedule}"`);
    }
    const runnerNames = new Set<string>();
    for (const runner of plugin.manifest.runners ?? []) {
      if (runnerNames.has(runner.name)) throw new Error(`plugin registry: plugin "${id}" declares runner "${runner.name}" twice`);
      runnerNames.add(runner.name);
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

function checkStages(pluginId: string, flag: DeployFlag, crewStages: Readonly<Record<string, readonly string[]>>): void {
  for (const [crew, stage] of Object.entries(flag.stages) as Array<[CrewId, string | undefined]>) {
    const stages = crewStages[crew];
    if (!stages) throw new Error(`plugin registry: flag "${flag.name}" of plugin "${pluginId}" names unknown crew "${crew}" (crews: ${Object.keys(crewStages).join(', ')})`);
    if (stage === undefined || !stages.includes(stage)) {
      throw new Error(`plugin registry: flag "${flag.name}" of plugin "${pluginId}" runs at stage "${stage}", which crew "${crew}" does not have (stages: ${stages.join(', ')})`);
    }
  }
}
