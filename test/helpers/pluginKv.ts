import type { PluginContext } from '../../plugins/contract.js';

/** A plugin's key-value store in memory, with the contract's set-if-absent semantics. */
export function memoryKv(): PluginContext['kv'] {
  const store = new Map<string, unknown>();
  return {
    get: async <T>(key: string) => store.get(key) as T | undefined,
    set: async (key, value) => void store.set(key, value),
    setIfAbsent: async <T>(key: string, value: T) => {
      if (store.has(key)) return store.get(key) as T;
      store.set(key, value);
      return undefined;
    },
    delete: async (key) => void store.delete(key),
  };
}
