import type { Db } from '../db.js';

/** The plugins' private key-value store, one namespace per (workspace, plugin). Values are JSON. */
export function pluginKvRepository(db: Db): PluginKvRepository {
  return {
    async get(workspaceId: string, pluginId: string, key: string): Promise<unknown> {
      const row = await db('plugin_kv').where({ workspace_id: workspaceId, plugin_id: pluginId, key }).first();
      return row ? JSON.parse(String(row.value)) : undefined;
    },
    async set(workspaceId: string, pluginId: string, key: string, value: unknown, at: string): Promise<void> {
      await db('plugin_kv')
        .insert({ workspace_id: workspaceId, plugin_id: pluginId, key, value: JSON.stringify(value), updated_at: at })
        .onConflict(['workspace_id', 'plugin_id', 'key'])
        .merge(['value', 'updated_at']);
    },
    /** Inserts unless present; returns the value already stored, or undefined when this call stored it. */
    async setIfAbsent(workspaceId: string, pluginId: string, key: string, value: unknown, at: string): Promise<unknown> {
      const inserted = await db('plugin_kv')
        .insert({ workspace_id: workspaceId, plugin_id: pluginId, key, value: JSON.stringify(value), updated_at: at })
        .onConflict(['workspace_id', 'plugin_id', 'key'])
        .ignore()
        .returning('key');
      if (Array.isArray(inserted) && inserted.length > 0) return undefined;
      const row = await db('plugin_kv').where({ workspace_id: workspaceId, plugin_id: pluginId, key }).first();
      return row ? JSON.parse(String(row.value)) : undefined;
    },
    async delete(workspaceId: string, pluginId: string, key: string): Promise<void> {
      await db('plugin_kv').where({ workspace_id: workspaceId, plugin_id: pluginId, key }).delete();
    },
  };
}

export interface PluginKvRepository {
  get(workspaceId: string, pluginId: string, key: string): Promise<unknown>;
  set(workspaceId: string, pluginId: string, key: string, value: unknown, at: string): Promise<void>;
  /** Inserts unless present; returns the value already stored, or undefined when this call stored it. */
  setIfAbsent(workspaceId: string, pluginId: string, key: string, value: unknown, at: string): Promise<unknown>;
  delete(workspaceId: string, pluginId: string, key: string): Promise<void>;
}
