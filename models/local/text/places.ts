import { everydayNames, isKnownName, lexiconTag } from './people.js';

// The lexicon's tags of places.
const placeTags = new Set(['City', 'Country', 'Region', 'Place']);
// A lower-case word where a place is named: "in lisbon", "to porto", "from berlin".
const placePlace = /\b(in|at|to|from|near|around|visit|visiting|outside)\s+(\p{Ll}[\p{Ll}'-]+)(?![\p{L}@/_-])/gu;

/**
 * `text` with the cities and countries typed in lower case written with their capitals ("offsite
 * in lisbon" -> "offsite in Lisbon"): a word after "in", "to", "from" ... that compromise's
 * lexicon knows as a place. Only there: "nice" or "reading" elsewhere are words.
 */
export function placeCase(text: string): string {
  // A place the lexicon files as a person ("austin", "houston") is written with its capital all the same.
  return text.replace(placePlace, (found, before: string, word: string) => (placeTags.has(lexiconTag(word) ?? '') || (!everydayNames.has(word) && isKnownName(word)) ? `${before} ${word.charAt(0).toUpperCase()}${word.slice(1)}` : found));
}
