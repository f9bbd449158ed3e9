import type { StageInput } from '../types.js';

/**
 * What one request's stages share: every stage of an outcome reads the same brief, context and
 * requirements, so the analysis of them (research, meeting findings, the product plan) is done
 * once and looked up by the other stages. One per provider (see createLocalProvider), never a
 * module singleton. Values are the pure result of their key, so sharing them between concurrent
 * outcomes is safe; callers must not mutate them.
 *
 * Sized for the requests in flight, not for the last few: the engine interleaves the stages of
 * every running outcome, so an entry is looked up again only after the stages of all the others
 * ran. A small least-recently-used cache (it held 32) then misses almost every time and each stage
 * analyses its request again (measured in the engine bench: 36 hits in 4,536 lookups).
 * So an entry leaves when its request's last stage took it (`lastUse`), and the bounds are a
 * safety net for requests that stop midway (failed, cancelled): at most `limit` entries and
 * `charLimit` characters of keys (the key holds the brief, context and documents, so its length
 * follows the size of what was analysed); past either, least recently used first out.
 */
export class Memo {
  private readonly entries = new Map<string, unknown>();
  private chars = 0;

  constructor(
    private readonly limit = 4096,
    private readonly charLimit = 4_000_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value for `key`, computed on first use; `lastUse` drops it once returned (the request's last stage). */
  get<T>(key: string, compute: () => T, lastUse = false): T {
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      // Re-inserted so the Map's order is least recently used first.
      this.entries.delete(key);
      if (lastUse) this.chars -= key.length;
      else this.entries.set(key, value);
      return value;
    }
    const value = compute();
    if (lastUse) return value;
    this.entries.set(key, value);
    this.chars += key.length;
    while (this.entries.size > this.limit || (this.chars > this.charLimit && this.entries.size > 1)) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
    return value;
  }
}

/** The request a stage belongs to: the same for every stage of one outcome. */
export function requestKey(kind: string, input: Pick<StageInput, 'crew' | 'brief' | 'context' | 'requirements' | 'contextDocuments' | 'knowledge'>): string {
  return JSON.stringify([kind, input.crew.id, input.brief, input.context ?? '', input.requirements, input.contextDocuments, input.knowledge]);
}

/** Whether `input` is its crew's last stage (not a revision): the request's analysis is not needed after it. */
export function isLastStage(input: Pick<StageInput, 'crew' | 'stageIndex' | 'revision'>): boolean {
  return !input.revision && input.stageIndex === input.crew.stages.length - 1;
}
