import type { StageInput } from '../types.js';

/**
 * What one request's stages share: every stage of an outcome reads the same brief, context and
 * requirements, so the analysis of them (research, meeting findings, the product plan) is done
 * once and looked up by the other stages. Bounded, least recently used first out; one per
 * provider (see createLocalProvider), never a module singleton. Values are the pure result of
 * their key, so sharing them between concurrent outcomes is safe; callers must not mutate them.
 */
export class Memo {
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly limit = 32) {}

  get<T>(key: string, compute: () => T): T {
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      // Re-inserted so the Map's order is least recently used first.
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const value = compute();
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}

/** The request a stage belongs to: the same for every stage of one outcome. */
export function requestKey(kind: string, input: Pick<StageInput, 'crew' | 'brief' | 'context' | 'requirements' | 'contextDocuments' | 'knowledge'>): string {
  return JSON.stringify([kind, input.crew.id, input.brief, input.context ?? '', input.requirements, input.contextDocuments, input.knowledge]);
}
