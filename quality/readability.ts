import { flesch } from 'flesch';
import { syllableCount } from './syllables.js';
import { sentences, words } from './text.js';

/** What the readability formulas count in a text. */
export interface ReadingCounts {
  words: number;
  sentences: number;
  syllables: number;
}

/** Words, sentences and syllables of plain text, counted once for every formula that needs them. */
export function readingCounts(text: string, units: string[] = sentences(text)): ReadingCounts {
  const all = words(text);
  // Prose repeats its words: each distinct one is counted once.
  const known = new Map<string, number>();
  let syllables = 0;
  for (const word of all) {
    let count = known.get(word);
    if (count === undefined) {
      count = Math.max(1, syllableCount(word));
      known.set(word, count);
    }
    syllables += count;
  }
  return { words: all.length, sentences: units.length, syllables };
}

/**
 * Flesch reading ease of plain text, rounded and clamped to 0..100 (the raw formula runs from
 * about 120 down to negative values). Empty text scores 0: nothing to read is not "easy".
 */
export function readingEase(text: string | ReadingCounts): number {
  const counts = typeof text === 'string' ? readingCounts(text) : text;
  if (counts.words === 0) return 0;
  return clampScore(flesch({ sentence: Math.max(1, counts.sentences), word: counts.words, syllable: counts.syllables }));
}

/** Average words per sentence; 0 for empty text. */
export function averageSentenceLength(text: string | ReadingCounts): number {
  const counts = typeof text === 'string' ? readingCounts(text) : text;
  return counts.sentences === 0 ? 0 : counts.words / counts.sentences;
}

export function clampScore(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}
