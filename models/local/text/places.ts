import { everydayNames, isKnownName, lexiconTag } from './people.js';

// The lexicon's tags of places.
const placeTags = new Set(['City', 'Country', 'Region', 'Place']);
// A lower-case word where a place is named: "in lisbon", "to porto", "from berlin".
// "at the lisbon office", "to the berlin team": a place naming one of the sender's own sites.
const placePlace = /\b(in|at|to|from|near|around|visit|visiting|outside)\s+((?:the|our)\s+(?=\p{Ll}[\p{Ll}'-]+\s+(?:office|offices|team|store|shop|branch|studio|site|campus|hq|warehouse|factory|clinic)\b))?(\p{Ll}[\p{Ll}'-]+)(?![\p{L}@/_-])/gu;

/**
 * `text` with the cities and countries typed in lower case written with their capitals ("offsite
 * in lisbon" -> "offsite in Lisbon"): a word after "in", "to", "from" ... that compromise's
 * lexicon knows as a place. Only there: "nice" or "reading" elsewhere are words.
 */
export function placeCase(text: string): string {
  // A place the lexicon files as a person ("austin", "houston") is written with its capital all the same.
  return text.replace(placePlace, (found, before: string, article: string | undefined, word: string) => (placeTags.has(lexiconTag(word) ?? '') || (!everydayNames.has(word) && isKnownName(word)) ? `${before} ${article ?? ''}${word.charAt(0).toUpperCase()}${word.slice(1)}` : found));
}
