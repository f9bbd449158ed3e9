import { flesch } from 'flesch';
import { syllable } from 'syllable';
import { sentences, words } from './text.js';

/**
 * Flesch reading ease of plain text, rounded and clamped to 0..100 (the raw formula runs from
 * about 120 down to negative values). Empty text scores 0: nothing to read is not "easy".
 */
export function readingEase(text: string): number {
  const all = words(text);
  if (all.length === 0) return 0;
  const syllables = all.reduce((sum, word) => sum + Math.max(1, syllable(word)), 0);
  const score = flesch({ sentence: Math.max(1, sentences(text).length), word: all.length, syllable: syllables });
  return clampScore(score);
}

/** Average words per sentence; 0 for empty text. */
export function averageSentenceLength(text: string): number {
  const units = sentences(text);
  return units.length === 0 ? 0 : words(text).length / units.length;
}

export function clampScore(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}
