import { eng } from 'stopword';

/**
 * Plain-text statistics shared by the metrics and by the local model (so a requested length of
 * "800 words" is measured the same way the result's `word_count` is).
 */

const wordPattern = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

// Abbreviations whose period does not end a sentence; kept short on purpose: a missed split only
// nudges readability, a wrong split breaks extractive summaries mid-thought.
const abbreviations = new Set(['e.g', 'i.e', 'etc', 'vs', 'mr', 'mrs', 'ms', 'dr', 'prof', 'inc', 'ltd', 'jr', 'sr', 'st', 'approx', 'no', 'fig']);

const stopwords = new Set([...eng, "it's", "don't", "we're", "you're", "i'm", "let's", "that's", 'also', 'will', 'can', 'may', 'might', 'would', 'could', 'should', 'must']);

export function words(text: string): string[] {
  return text.match(wordPattern) ?? [];
}

export function countWords(text: string): number {
  return words(text).length;
}

export function isStopword(word: string): boolean {
  return stopwords.has(word.toLowerCase());
}

/** Lower-cased content words (no stopwords, no bare numbers, at least 3 letters). */
export function contentTerms(text: string): string[] {
  return words(text.toLowerCase()).filter((word) => word.length >= 3 && !stopwords.has(word) && !/^\d+$/.test(word));
}

/** Folds plural and possessive endings so "reports", "report" and "report's" count as one term. */
export function stem(term: string): string {
  const lower = term.toLowerCase().replace(/['’]s$/, '');
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') && !lower.endsWith('us') && !lower.endsWith('is')) return lower.slice(0, -1);
  return lower;
}

/**
 * Splits prose into sentences. Every line is at least one unit, because markdown headings and
 * list items end without punctuation.
 */
export function sentences(text: string): string[] {
  const result: string[] = [];
  for (const line of text.split(/\n+/)) {
    let start = 0;
    const trimmed = line.trim();
    for (const match of trimmed.matchAll(/[.!?]+["'”’)\]]*(?=\s+|$)/g)) {
      const end = match.index + match[0].length;
      const before = trimmed.slice(start, match.index);
      const lastWord = before.split(/\s+/).pop()?.toLowerCase() ?? '';
      if (match[0] === '.' && abbreviations.has(lastWord)) continue;
      if (match[0] === '.' && /^[a-z]$/i.test(lastWord)) continue;
      const sentence = trimmed.slice(start, end).trim();
      if (sentence) result.push(sentence);
      start = end;
    }
    const rest = trimmed.slice(start).trim();
    if (rest && words(rest).length > 0) result.push(rest);
  }
  return result;
}

function phrasePattern(phrase: string): RegExp | undefined {
  const parts = words(phrase.toLowerCase()).map((word) => {
    const base = stem(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // "strategy" and "strategies", "standup" and "standups" are the same keyword.
    return base.endsWith('y') ? `${base.slice(0, -1)}(?:y|ies)(?:'s)?` : `${base}(?:s|es|'s)?`;
  });
  return parts.length === 0 ? undefined : new RegExp(`(?<![\\p{L}\\p{N}])${parts.join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'giu');
}

/** How often a phrase occurs, case-insensitive, tolerating plural endings and hyphens. */
export function countPhrase(text: string, phrase: string): number {
  const pattern = phrasePattern(phrase);
  return pattern ? (text.toLowerCase().match(pattern) ?? []).length : 0;
}

export function containsPhrase(text: string, phrase: string): boolean {
  return countPhrase(text, phrase) > 0;
}
