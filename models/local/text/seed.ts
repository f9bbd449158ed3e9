/**
 * Deterministic variation: the local model picks phrasings from a hash of its input, so the same
 * request always yields the same document and different requests read differently.
 */

/** 32-bit FNV-1a. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** The item of `list` chosen by `seed` and `salt`; the list must not be empty. */
export function pick<T>(list: readonly T[], seed: number, salt: number | string = 0): T {
  const index = hash(`${seed}:${salt}`) % list.length;
  return list[index]!;
}

/** `list` rotated to start at a seeded position, so consecutive picks never repeat. */
export function rotate<T>(list: readonly T[], seed: number, salt: number | string = 0): T[] {
  if (list.length === 0) return [];
  const start = hash(`${seed}:${salt}`) % list.length;
  return [...list.slice(start), ...list.slice(0, start)];
}
