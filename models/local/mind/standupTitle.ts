import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';
import { calendarCase, capitalize } from '../text/phrases.js';

// chrono-node loads at the first standup titled (see revisionFacts.ts: most processes never need it).
const require = createRequire(import.meta.url);
let chronoModule: typeof Chrono | undefined;
const chrono = (): typeof Chrono => (chronoModule ??= require('chrono-node'));

// "summarise today's standup", "daily standup summary", notes headed "Standup 12 May".
export const standupWords = /\b(?:stand-?ups?|daily(?:\s+(?:sync|scrum|check-?in))?|scrum|check-?ins?)\b/i;

/** Whether the meeting is called a standup ("daily ops sync" is a standup's shape, but titled by its own name). */
export function calledStandup(text: string): boolean {
  return /\b(?:stand-?ups?|scrum)\b/i.test(text);
}

// "today's", "this morning's", "our", "daily": what every standup is, not which one.
const filler = /\b(?:today|tonight|this\s+(?:morning|afternoon|week)|yesterday|our|the|my|daily|morning|notes?|summary|recap|minutes|meeting|from|of|for|on)(?:['’]s)?\b/gi;
const standupWord = /\b(?:stand-?ups?|scrum|daily\s+(?:sync|scrum|check-?in)|check-?ins?)\b/gi;
// A date a reader can place: a month, a weekday, or figures ("12 May", "Tuesday", "3/14"); "today" places nothing.
const placed = /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)/i;

/**
 * A standup's title as a person writes it: "Standup, 12 May" when the brief or the notes' heading
 * dates it, "Standup summary" when not; a team's standup keeps its team ("Mobile standup, Tuesday").
 * `subject` is the meeting the brief names ("today's standup", "the mobile team standup 12 May").
 */
export function standupTitle(subject: string): { title: string; date: string | null } {
  const found = chrono().parse(subject, new Date(Date.UTC(2025, 0, 1))).find((result) => placed.test(result.text));
  const date = found ? calendarCase(found.text.replace(/^(?:on|for)\s+/i, '').replace(/['’]s$/, '')).replace(/\b\p{Ll}/u, (letter) => (/^(?:mon|tue|wed|thu|fri|sat|sun)/i.test(found.text) ? letter.toUpperCase() : letter)) : null;
  const rest = (found ? subject.slice(0, found.index) + subject.slice(found.index + found.text.length) : subject).replace(/['’]s\b/g, '');
  const team = rest.replace(standupWord, ' ').replace(filler, ' ').replace(/[^\p{L}\d\s&-]/gu, ' ').replace(/(?<=^|\s)[-&]+(?=\s|$)/g, ' ').replace(/\s+/g, ' ').trim();
  const name = team === '' ? 'Standup' : `${capitalize(team)} standup`;
  return { title: date ? `${name}, ${date}` : `${name} summary`, date };
}
