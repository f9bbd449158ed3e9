import type { PluginKeyValueStore } from '../contract.js';

type Record_ = { state: 'pending'; since: string } | { state: 'done'; result: unknown };

/**
 * Creates a vendor object at most once per key, for vendors without an idempotency key.
 * The key is written to the plugin's key-value store as `pending` (with the time) before the
 * vendor call and as `done` (with the result) after it. A replay finds `done` and answers from
 * it; a replay that finds `pending` (the process stopped between the vendor call and the record)
 * asks the vendor for the object by its marker (`find`, a lookup by slug, label, property or
 * recent items, never a scan of everything) before creating.
 */
export async function idempotentCreate<T>(kv: PluginKeyValueStore, key: string, now: () => Date, steps: { find: (since: string) => Promise<T | undefined>; create: () => Promise<T> }): Promise<{ result: T; created: boolean }> {
  const record = await kv.get<Record_>(`create:${key}`);
  if (record?.state === 'done') return { result: record.result as T, created: false };
  if (record?.state === 'pending') {
    const found = await steps.find(record.since);
    if (found !== undefined) {
      await kv.set(`create:${key}`, { state: 'done', result: found });
      return { result: found, created: false };
    }
  }
  // A minute of slack: `since` bounds the vendor lookup, and vendor clocks differ from ours.
  const since = new Date(now().getTime() - 60_000).toISOString();
  if (!record) await kv.set(`create:${key}`, { state: 'pending', since });
  const result = await steps.create();
  await kv.set(`create:${key}`, { state: 'done', result });
  return { result, created: true };
}

/** A short stable hash of a key, for markers that must fit a label, slug or property value. */
export async function markerOf(key: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}
