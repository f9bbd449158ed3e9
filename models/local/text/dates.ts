import { calendarCase } from './phrases.js';

/** How people shorten days in notes, in the words a reader knows ("tmrw" is tomorrow). */
export const dateShorthand: Array<[RegExp, string]> = [
  [/\b(?:tmrw|tmrrw|tmr|tmw|2moro|tomo)\b/gi, 'tomorrow'],
  [/\b(?:yday|ytd|yest)\b/gi, 'yesterday'],
  [/\btdy\b/gi, 'today'],
  [/\beod\b/gi, 'end of day'],
  [/\beow\b/gi, 'end of the week'],
  [/\bcob\b/gi, 'close of business'],
];

const dayNames: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', tues: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', thur: 'Thursday', thurs: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** "fri" -> "Friday", "mon-wed" -> "Monday to Wednesday": days named in full, with their capitals. */
export function dayWords(text: string): string {
  return text
    .replace(/\b(mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)(?:day|nesday|sday|urday)?\b/gi, (_, day: string) => dayNames[day.toLowerCase()] ?? day)
    .replace(/\b(january|february|march|april|june|july|august|september|october|november|december)\b/gi, (month: string) => `${month.charAt(0).toUpperCase()}${month.slice(1).toLowerCase()}`)
    .replace(/\s*[-–]\s*(?=[A-Z])/g, ' to ')
    .replace(/\s*\+\s*/g, ' and ');
}

/**
 * A due date as people read it: "fri" is "Friday", "dec 1" is "Dec 1", "eod" is "end of day".
 * Only for text that is a date (a due date, an absence): "sun" or "wed" in a sentence may be words.
 */
export function readableDate(text: string): string {
  return calendarCase(dayWords(dateShorthand.reduce((out, [pattern, words]) => out.replace(pattern, words), text)));
}
