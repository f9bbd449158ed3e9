import { eng } from 'stopword';

/**
 * Plain-text statistics shared by the metrics and by the local model (so a requested length of
 * "800 words" is measured the same way the result's `word_count` is).
 */

// What a word is: letters and digits, joined by an apostrophe or a hyphen ("don't", "four-day"),
// i.e. /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/u. Scanned by hand below: the Unicode-property
// regex costs several times more, and every result's text is scanned many times over.
const wordChar = /[\p{L}\p{N}]/u;

/** Length (in UTF-16 units) of the letter or digit at `index`, 0 when there is none. */
function wordCharAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) ? 1 : 0;
  if (Number.isNaN(code)) return 0;
  if (code >= 0xd800 && code <= 0xdbff) {
    const point = text.codePointAt(index)!;
    return point > 0xffff && wordChar.test(String.fromCodePoint(point)) ? 2 : 0;
  }
  return wordChar.test(text.charAt(index)) ? 1 : 0;
}

/** Calls `found(start, end)` for every word of `text`, in order. */
function scanWords(text: string, found: (start: number, end: number) => void): void {
  const length = text.length;
  let index = 0;
  while (index < length) {
    let width = wordCharAt(text, index);
    if (width === 0) {
      index += 1;
      continue;
    }
    const start = index;
    index += width;
    for (;;) {
      while (index < length && (width = wordCharAt(text, index)) > 0) index += width;
      const joiner = text.charCodeAt(index);
      if ((joiner === 39 || joiner === 0x2019 || joiner === 45) && wordCharAt(text, index + 1) > 0) {
        index += 1;
        continue;
      }
      break;
    }
    found(start, index);
  }
}
// Abbreviations whose period does not end a sentence; kept short on purpose: a missed split only
// nudges readability, a wrong split breaks extractive summaries mid-thought.
const abbreviations = new Set(['e.g', 'i.e', 'etc', 'vs', 'mr', 'mrs', 'ms', 'dr', 'prof', 'inc', 'ltd', 'jr', 'sr', 'st', 'approx', 'no', 'fig']);

const stopwords = new Set([...eng, "it's", "don't", "we're", "you're", "i'm", "let's", "that's", 'also', 'will', 'can', 'may', 'might', 'would', 'could', 'should', 'must']);

export function words(text: string): string[] {
  const result: string[] = [];
  scanWords(text, (start, end) => result.push(text.slice(start, end)));
  return result;
}

export function countWords(text: string): number {
  let count = 0;
  scanWords(text, () => {
    count += 1;
  });
  return count;
}

export function isStopword(word: string): boolean {
  return stopwords.has(word.toLowerCase());
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Lower-cased content words (no stopwords, no bare numbers, at least 3 letters). */
export function contentTerms(text: string): string[] {
  return words(text.toLowerCase()).filter((word) => word.length >= 3 && !stopwords.has(word) && !(isDigit(word.charCodeAt(0)) && /^\d+$/.test(word)));
}

/** Folds plural and possessive endings so "reports", "report" and "report's" count as one term. */
export function stem(term: string): string {
  let lower = term.toLowerCase();
  // A possessive "'s" goes (what /['’]s$/ replaced, tested by hand: this runs for every term).
  if (lower.length >= 2 && lower.charCodeAt(lower.length - 1) === 115) {
    const mark = lower.charCodeAt(lower.length - 2);
    if (mark === 39 || mark === 0x2019) lower = lower.slice(0, -2);
  }
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

// A phrase pattern is built only for phrases of ordinary size: past these bounds (one 40,000-letter
// "word" in a context, say) the phrase is matched literally, which is linear and never builds a
// regular expression from an unbounded piece of user text.
const maxPatternWords = 12;
const maxPatternWordLength = 64;

/**
 * The phrase's words with what joins them: "Node.js" is ["node", "js"] joined by ".", "Wi-Fi"
 * ["wi", "fi"] joined by "-". A space or hyphen between words matches any run of spaces and
 * hyphens; other joiners (".", "/", "+", "#") must appear as written.
 */
function phraseParts(phrase: string): Array<{ word: string; joiner: string }> {
  const lower = phrase.toLowerCase();
  const parts: Array<{ word: string; joiner: string }> = [];
  let last = -1;
  scanWords(lower, (start, end) => {
    parts.push({ word: lower.slice(start, end), joiner: last < 0 ? '' : lower.slice(last, start) });
    last = end;
  });
  return parts;
}

// Only syntax characters are escaped: under the `u` flag an escaped hyphen is itself an error.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function phrasePattern(parts: Array<{ word: string; joiner: string }>, ascii: boolean): RegExp {
  const source = parts.map(({ word, joiner }, index) => {
    // A hyphen inside a word ("wi-fi", "e-mail") also matches a space: "Wi Fi", "e mail".
    const base = escapeRegExp(stem(word)).replace(/-/g, '[\\s-]');
    // "strategy" and "strategies", "standup" and "standups" are the same keyword.
    const ending = base.endsWith('y') ? `${base.slice(0, -1)}(?:y|ies)(?:'s)?` : `${base}(?:s|es|'s)?`;
    if (index === 0) return ending;
    const glue = joiner.trim() === '' || /^[\s-]+$/.test(joiner) ? '[\\s-]+' : `\\s*${escapeRegExp(joiner.trim())}\\s*`;
    return glue + ending;
  });
  // On ASCII text and phrase a letter is [A-Za-z]; the Unicode-property pattern scans far slower.
  const letter = ascii ? '[A-Za-z0-9]' : '[\\p{L}\\p{N}]';
  return new RegExp(`(?<!${letter})${source.join('')}(?!${letter})`, ascii ? 'gi' : 'giu');
}

const nonAscii = /[^\x00-\x7f]/;

/** Whether no letter or digit sits at `index` of `text` (outside the text counts as none). */
function boundaryAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return true;
  // The low half of an astral letter belongs to the letter that starts one unit before.
  return wordCharAt(text, index) === 0 && !(index > 0 && wordCharAt(text, index - 1) === 2);
}

/** Occurrences of `needle` in `haystack` (both lower-cased) on word boundaries, by plain search. */
function literalCount(haystack: string, needle: string): number {
  if (needle === '') return 0;
  let count = 0;
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return count;
    if (boundaryAt(haystack, at - 1) && boundaryAt(haystack, at + needle.length)) count += 1;
    from = at + needle.length;
  }
}

/**
 * How often a phrase occurs, case-insensitive, tolerating plural endings and hyphens between its
 * words; a dot or slash inside it ("Node.js", "CI/CD") must be there as written.
 */
export function countPhrase(text: string, phrase: string): number {
  const parts = phraseParts(phrase);
  if (parts.length === 0) return 0;
  const lower = text.toLowerCase();
  if (parts.length > maxPatternWords || parts.some((part) => part.word.length > maxPatternWordLength)) return literalCount(lower, phrase.toLowerCase().trim());
  return (lower.match(phrasePattern(parts, !nonAscii.test(text) && !nonAscii.test(phrase))) ?? []).length;
}

/** Whether `text` holds `needle` on word boundaries, case-insensitive, by plain search (no pattern). */
export function containsLiteral(text: string, needle: string): boolean {
  return literalCount(text.toLowerCase(), needle.toLowerCase().trim()) > 0;
}

export function containsPhrase(text: string, phrase: string): boolean {
  return countPhrase(text, phrase) > 0;
}
