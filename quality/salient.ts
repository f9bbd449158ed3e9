import type { Nlp, ParsedSentence } from './nlp.js';
import { containsLiteral } from './text.js';

/** Something specific the client said: a name, a system, a number, a date. */
export interface SalientItem {
  text: string;
  kind: 'entity' | 'name' | 'number';
}

// Entity types that carry a fact; ORDINAL ("first") and bare symbols do not.
const factTypes = new Set(['DATE', 'TIME', 'DURATION', 'MONEY', 'PERCENT', 'CARDINAL', 'URL', 'EMAIL', 'HASHTAG', 'MENTION']);
// Proper-noun tokens that are not names (wink tags some sentence-initial words PROPN), and the
// words that label a line of notes ("Risk: ...", "Decision: ..."), which a document lists under its heading instead.
const notNames = new Set(['i', 'we', 'our', 'the', 'a', 'an', 'todo', 'action', 'note', 'tbd', 'faq', 'ok', 'risk', 'risks', 'decision', 'decisions', 'blocker', 'blockers', 'concern', 'concerns', 'update', 'updates', 'question', 'questions', 'issue', 'issues', 'fyi']);

/**
 * The salient items of parsed text: entities (dates, durations, amounts, percentages, numbers),
 * runs of proper nouns and acronyms ("San Francisco", "Azure AD", "GitHub", "SSO"), deduplicated
 * without regard to case, in order of first appearance. "Berlin and San Francisco" gives two.
 */
export function salientItems(parsed: ParsedSentence[]): SalientItem[] {
  const items: SalientItem[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: SalientItem['kind']) => {
    const clean = text.replace(/^[^\p{L}\p{N}$€£]+|[^\p{L}\p{N}%)]+$/gu, '').trim();
    const key = clean.toLowerCase();
    if (clean.length < 2 || seen.has(key) || notNames.has(key)) return;
    if (kind === 'number' && !/\d/.test(clean)) return;
    seen.add(key);
    items.push({ text: clean, kind });
  };
  // A capitalised first word is tagged PROPN whether or not it is a name ("Customers asked ...");
  // it counts only when the same word is a name elsewhere, or looks like one (GitHub, Q3, SSO).
  // A sentence that follows a line break starts after a "\n" token: its first word is initial too.
  const isInitial = (sentence: ParsedSentence, index: number) => index === 0 || /^\s+$/.test(sentence.tokens[index - 1]!.text);
  const midNames = new Set<string>();
  for (const sentence of parsed) sentence.tokens.forEach((token, index) => !isInitial(sentence, index) && isNameToken(token.text, token.pos) && midNames.add(token.text));
  for (const sentence of parsed) {
    for (const entity of sentence.entities) if (factTypes.has(entity.type)) add(entity.value, entity.type === 'CARDINAL' ? 'number' : 'entity');
    let run: string[] = [];
    const flush = () => {
      if (run.length > 0) add(run.join(' '), 'name');
      run = [];
    };
    sentence.tokens.forEach((token, index) => {
      const initial = isInitial(sentence, index);
      const next = sentence.tokens[index + 1];
      // "Wi-Fi", "Coca-Cola": a hyphen between two parts of a name, written without spaces, joins them.
      if (token.text === '-' && run.length > 0 && next && /^[\p{Lu}]/u.test(next.text) && sentence.text.includes(`${run.at(-1)}-${next.text}`)) {
        run[run.length - 1] = `${run.at(-1)}-`;
        return;
      }
      if (run.length > 0 && run.at(-1)!.endsWith('-')) {
        run[run.length - 1] = `${run.at(-1)}${token.text}`;
        return;
      }
      // A capitalised word inside a sentence that starts a name ("React" of "React Native") is part of it.
      const leadsName = !initial && /^[A-Z][a-z]+$/.test(token.text) && !notNames.has(token.text.toLowerCase()) && !!next && isNameToken(next.text, next.pos);
      const nameLike = isNameToken(token.text, token.pos) || leadsName;
      const trusted = !initial || midNames.has(token.text) || /^[\p{L}][\p{Ll}]*[\p{Lu}\p{N}]/u.test(token.text) || /^[A-Z][A-Z0-9]+s?$/.test(token.text);
      const continuesName = initial && nameLike && isNameToken(sentence.tokens[index + 1]?.text ?? '', sentence.tokens[index + 1]?.pos ?? '');
      if (nameLike && (trusted || continuesName)) run.push(token.text);
      else flush();
    });
    flush();
  }
  return items;
}

function isNameToken(text: string, pos: string): boolean {
  if (pos === 'PUNCT' || notNames.has(text.toLowerCase())) return false;
  return /^[A-Z][A-Z0-9]+s?$/.test(text) || (pos === 'PROPN' && /^[\p{Lu}\p{N}]/u.test(text));
}

/** Salient items of a text, parsed with `nlp`. */
export function salientOf(nlp: Nlp, text: string): SalientItem[] {
  return salientItems(nlp.parse(text));
}

/** Whether `text` mentions `item` (case-insensitive, on word boundaries). */
export function mentions(text: string, item: string): boolean {
  // A pattern is built only from an item of ordinary size; a longer one is searched for as written.
  if (item.length > 200) return containsLiteral(text, item);
  const escaped = item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}
