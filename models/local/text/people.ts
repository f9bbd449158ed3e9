import { createRequire } from 'node:module';
import type Compromise from 'compromise';

// compromise loads at the first text that may hold a name typed in lower case (most never do).
const require = createRequire(import.meta.url);
let compromiseModule: typeof Compromise | undefined;
const compromise = (): typeof Compromise => (compromiseModule ??= require('compromise'));

/**
 * First names that are also everyday words ("will", "grace", "mark"): in lower case they are the
 * word, unless something else says they name a person (a roll, a line they open).
 */
export const everydayNames = new Set(
  'will may june april august mark bill grace hope joy faith rose sue pat art jack frank summer autumn dawn chase drew guy max ray rich sky skye page bob sunny holly ivy iris lily violet daisy amber ruby pearl crystal'.split(' '),
);

/** True when compromise's lexicon knows `word` (lower case) as a person's name. */
export function isKnownName(word: string): boolean {
  return compromise()(word).has('#Person');
}

// Where a lower-case word is likely a person: after "to", "from", "with", "ask", "ping", "cc" ...
const namePlace = /\b(?:to|from|with|ask|ping|cc|thanks|thank|contact|tell|call|email|message|dm|by|and|or)\s+\p{Ll}/u;

/**
 * `text` with the first names typed in lower case written with their capitals ("questions to
 * maria" -> "questions to Maria"), where compromise reads the word as a first name in its place;
 * a name that is an everyday word ("will", "grace") is left alone.
 */
export function personCase(text: string): string {
  if (!namePlace.test(text)) return text;
  const names = compromise()(text).match('#FirstName').out('array') as string[];
  return names
    .filter((name) => /^\p{Ll}[\p{Ll}'-]+$/u.test(name) && !everydayNames.has(name))
    .reduce((out, name) => out.replace(new RegExp(String.raw`(?<![\p{L}@./_-])${name}(?![\p{L}@/_-])`, 'gu'), `${name.charAt(0).toUpperCase()}${name.slice(1)}`), text);
}
