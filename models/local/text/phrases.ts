import { contentTerms, stem } from '../../../quality/text.js';
import { nounPhrases } from './grammar.js';

/**
 * Candidate phrases: the noun phrases of the text (see `nounPhrases`), without determiners,
 * pronouns, numbers and stopwords, split at conjunctions ("shoppers and store owners" gives two),
 * at most three words. Names and acronyms keep their case; other words are lower-cased.
 */
function candidates(text: string, ignore: ReadonlySet<string>): string[][] {
  return nounPhrases(text, ignore).map((phrase) => phrase.map((word) => word.text));
}

/**
 * Key phrases scored as in RAKE (Rose et al., 2010): a word scores degree/frequency over all
 * candidate phrases, a phrase the sum of its words times how often it occurs. Phrases whose words
 * are all inside a better phrase are skipped.
 */
export function keyPhrases(text: string, limit: number, ignore: ReadonlySet<string> = new Set()): string[] {
  const found = candidates(text, ignore);
  const frequency = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const candidate of found) {
    for (const word of candidate) {
      const key = word.toLowerCase();
      frequency.set(key, (frequency.get(key) ?? 0) + 1);
      degree.set(key, (degree.get(key) ?? 0) + candidate.length);
    }
  }
  const phrases = new Map<string, { words: string[]; score: number; count: number; first: number }>();
  found.forEach((candidate, index) => {
    const key = candidate.join(' ').toLowerCase();
    const existing = phrases.get(key);
    if (existing) existing.count += 1;
    else {
      const score = candidate.reduce((sum, word) => sum + (degree.get(word.toLowerCase()) ?? 0) / (frequency.get(word.toLowerCase()) ?? 1), 0);
      phrases.set(key, { words: candidate, score, count: 1, first: index });
    }
  });
  const ranked = [...phrases.values()].sort((a, b) => b.score * b.count - a.score * a.count || a.first - b.first);
  const chosen: string[][] = [];
  for (const phrase of ranked) {
    if (chosen.length >= limit) break;
    const lower = phrase.words.map((word) => stem(word));
    const covered = chosen.some((taken) => lower.every((word) => taken.map((entry) => stem(entry)).includes(word)));
    if (!covered) chosen.push(phrase.words);
  }
  return chosen.map((phrase) => phrase.join(' '));
}

/**
 * Sentences ordered by importance: the summed frequency of their content terms across `corpus`
 * (a term that recurs is what the text is about), boosted for terms of `focus`, divided by the
 * square root of the sentence's length so long sentences do not win by size alone.
 */
export function rankSentences(candidates: string[], corpus: string, focus: string[] = []): string[] {
  const frequency = new Map<string, number>();
  for (const term of contentTerms(corpus).map(stem)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const top = Math.max(1, ...frequency.values());
  const focusTerms = new Set(focus.flatMap((phrase) => contentTerms(phrase).map(stem)));
  const scored = candidates.map((sentence, index) => {
    const terms = contentTerms(sentence).map(stem);
    const unique = new Set(terms);
    let score = 0;
    for (const term of unique) score += (frequency.get(term) ?? 0) / top + (focusTerms.has(term) ? 1 : 0);
    return { sentence, index, score: terms.length === 0 ? 0 : score / Math.sqrt(terms.length) };
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((entry) => entry.sentence);
}

const smallWords = new Set(['a', 'an', 'the', 'and', 'or', 'but', 'for', 'of', 'in', 'on', 'to', 'with', 'at', 'by', 'vs', 'as', 'from', 'into']);

export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => (index > 0 && smallWords.has(word.toLowerCase()) ? word.toLowerCase() : capitalize(word)))
    .join(' ');
}

export function capitalize(text: string): string {
  // "iOS release", "eBay listing", "macOS": a name with a capital inside keeps its small first letter.
  if (/^\p{Ll}+\p{Lu}/u.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "lee park" -> "Lee Park", "design team" -> "Design Team": every word's first letter up (a name, a label). */
export function capitalizeWords(text: string): string {
  return text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);
}

// "black friday", "cyber monday", "new year's eve": days with a name of their own are written with capitals, every word.
const namedDays = /\b(?:black\s+friday|cyber\s+monday|giving\s+tuesday|boxing\s+day|new\s+year['’]?s(?:\s+(?:day|eve))?|christmas(?:\s+eve)?|halloween|thanksgiving|valentine['’]?s\s+day|mother['’]?s\s+day|father['’]?s\s+day)\b/gi;

/** "from monday", "on 3 march": days and months typed in lower case are names, written with a capital ("may" only beside a day's number). */
export function calendarCase(text: string): string {
  return text
    .replace(namedDays, (day) => day.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`))
    .replace(/\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b(?:january|february|march|april|june|july|august|september|october|november|december)\b(?=\s+\d|\s+(?:the\s+)?\d|\s*$|[,.;!?])|(?<=\b\d{1,2}(?:st|nd|rd|th)?\s+)(?:march|may)\b|\bmay(?=\s+\d)|\b(?:jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec)\b(?=\.?\s+\d{1,2}\b)|(?<=\b(?:in|since|until|till|by|from|before|after|during|through|early|late|mid|of)\s+)(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec)\b(?![-'’])/g, capitalize);
}

/** Escapes text for use inside a RegExp. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Lower-cases the first letter unless the first word looks like a name or acronym. */
export function lowerFirst(text: string): string {
  const first = /^\S*/.exec(text)![0];
  // "API", "iPhone", "Q3": an acronym, a brand or a code keeps its capital.
  if (/^[A-Z]{2,}|^[A-Z][a-z]*[A-Z]|^[A-Z]\d/.test(first)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function stripEndPunctuation(text: string): string {
  return text.trim().replace(/[\s.!?;:,]+$/, '');
}

/** True when two texts share a content term (plural-insensitive). */
export function overlaps(a: string, b: string): boolean {
  const terms = new Set(contentTerms(a).map(stem));
  return contentTerms(b).some((term) => terms.has(stem(term)));
}

/** "a, b and c". */
export function list(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Whether a noun phrase takes a plural verb: its head noun (the word before "of", "for" ...) is plural. */
export function isPlural(phrase: string): boolean {
  const head = phrase.toLowerCase().split(/\s+(?:of|for|in|on|with|to|at|by|from|about)\s+/)[0]?.trim().split(/\s+/).pop() ?? '';
  if (/(?:ss|us|is|ics|news)$/.test(head) || head.length < 3) return false;
  return stem(head) !== head;
}

/** "I was charged twice for my order" -> "you were charged twice for your order": a writer's own words, said back to them. */
export function writerToReader(text: string): string {
  return text
    .replace(/\bI was\b/g, 'you were')
    .replace(/\bI(?:'m| am)\b/g, 'you are')
    .replace(/\bI(?:'ve| have)\b/g, 'you have')
    .replace(/\bI\b/g, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bme\b/g, 'you')
    .replace(/\bmine\b/g, 'yours');
}

/** "their help" -> "your help", "they're" -> "you are", "them" -> "you": the people spoken about, spoken to. */
export function secondPerson(text: string): string {
  // Clause by clause: "existing annual plans keep their price" keeps the pronoun of its own subject.
  return text.split(/(?<=[,;:.!?])(?=\s)/).map((clause) => (pluralBefore.test(clause) ? clause : readerPronouns(clause))).join('');
}

// A plural noun before "their"/"they"/"them" in the same clause is what the pronoun names ("plans keep their price").
const pluralBefore = /\b(?!(?:us|is|was|has|this|its|as|does|yes|plus|always|ours|yours|news|less|unless|across|thus|whereas|perhaps|besides|sometimes)\b)\p{L}{2,}s\b(?:\s+\S+){0,5}?\s+(?:their|they|them)\b/iu;

function readerPronouns(text: string): string {
  return text
    .replace(/\b([Tt])heir\b/g, (_, t: string) => (t === 'T' ? 'Your' : 'your'))
    .replace(/\b([Tt])hey(?:'re|’re| are)\b/g, (_, t: string) => (t === 'T' ? 'You are' : 'you are'))
    .replace(/\b([Tt])hey\b/g, (_, t: string) => (t === 'T' ? 'You' : 'you'))
    .replace(/\bthemselves\b/g, 'yourselves')
    .replace(/\bthem\b/g, 'you');
}
