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

const shortDay = '(mon|tues?|wed|thu|thur|thurs|fri|sat|sun)';
// "fri 14th", "thu 3pm", "wed morning": a short day before a date, a time or a part of the day.
// Not opening hours ("Mon-Fri 8am-6pm", "Sat 9am-1pm"): a range keeps its short days.
const dayBeforeDate = new RegExp(`(?<![-–/]\\s*)\\b${shortDay}\\.?(?![-–/])(?=\\s+(?:the\\s+)?\\d{1,2}(?:(?:st|nd|rd|th)\\b|(?=\\s*(?:$|[,.;)!?]|\\s(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))))|\\s+(?:at\\s+)?\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)\\b(?!\\s*[-–])|\\s+(?:morning|afternoon|evening|night|eod)\\b)`, 'gi');
// "on fri", "by thu", "until wed", "next mon": a short day after a word that asks for a day.
const dayAfterCue = new RegExp(`(?<=\\b(?:on|by|until|till|next|this|from|before|after|due|every)\\s+)${shortDay}\\b(?![\'’]|\\s*[-–/])`, 'gi');

/**
 * Short days in running text where they can only be days ("moved to fri 14th", "by thu", "wed
 * morning") written in full; elsewhere "sun" and "wed" may be words and stay.
 */
export function datedDays(text: string): string {
  const full = (whole: string, day: string) => dayNames[day.toLowerCase()] ?? whole;
  return text.replace(dayBeforeDate, full).replace(dayAfterCue, full);
}

const monthNames: Record<string, string> = { jan: 'January', feb: 'February', mar: 'March', apr: 'April', may: 'May', jun: 'June', jul: 'July', aug: 'August', sep: 'September', sept: 'September', oct: 'October', nov: 'November', dec: 'December' };

/** "dec 20" -> "December 20", "3 jan" -> "3 January": a month shortened beside a day's number, written in full (a sentence's date, not a subject line's). */
export function fullMonths(text: string): string {
  const full = (short: string) => monthNames[short.toLowerCase().replace(/\.$/, '')] ?? short;
  return text
    .replace(/\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?(?=\s+\d{1,2}\b)/gi, (short: string) => full(short))
    .replace(/(?<=\b\d{1,2}(?:st|nd|rd|th)?\s+)(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?/gi, (short: string) => full(short));
}
