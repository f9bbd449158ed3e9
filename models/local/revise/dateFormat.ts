import type { Block } from '../text/blocks.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "translate the dates to UK format", "use British dates", "US date format please": every date the
 * document writes, in the order of days and months that reader expects ("March 1, 2025" is "1 March
 * 2025"; "3/1/2025", written US-style, is "1/3/2025"). Group 1 or 2: the format named.
 */
export const dateFormat = /\b(uk|british|european|day[- ]first|us|american|month[- ]first)\s+(?:style\s+)?(?:date\s+format|dates|date\s+style|format(?:\s+for\s+(?:the\s+)?dates)?)\b|\bdates?\s+(?:in|to|into|as)\s+(?:the\s+)?(uk|british|european|us|american)\b/i;

const month = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const day = '(\\d{1,2})(?:st|nd|rd|th)?';
// "March 1", "Friday, March 1st", "March 1, 2025" (not "March 2025" nor "May 3 people").
const monthFirst = new RegExp(`\\b(${month})\\.?\\s+${day}\\b(?!\\s*(?:%|people|users|customers|days|hours|minutes|am|pm|:))(?:,?\\s+(\\d{4}))?`, 'g');
// "1 March", "14th of March", "1 March 2025".
const dayFirst = new RegExp(`\\b${day}\\s+(?:of\\s+)?(${month})\\b(?:,?\\s+(\\d{4}))?`, 'g');
const numeric = /\b(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\b/g;

export function reformatDates(blocks: Block[], named: string): ChangeOutcome {
  const uk = !/^(?:us|american|month[- ]first)$/i.test(named);
  // "European format" is what the client asked for: the report names it so (day first, as in the UK).
  const part = `dates in ${/^(?:european|day[- ]first)$/i.test(named) ? 'European (day-first)' : uk ? 'UK' : 'US'} format`;
  const changed: string[] = [];
  const convert = (text: string) =>
    uk
      ? text
          .replace(/\b((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day),\s+(?=[A-Z][a-z]+\.?\s+\d)/g, '$1 ')
          .replace(monthFirst, (_whole, name: string, date: string, year?: string) => `${date} ${name}${year ? ` ${year}` : ''}`)
          .replace(numeric, (whole, first: string, second: string, year: string) => (Number(first) <= 12 && Number(second) <= 31 && first !== second ? `${second}/${first}/${year}` : whole))
      : text
          .replace(dayFirst, (_whole, date: string, name: string, year?: string) => `${name} ${date}${year ? `, ${year}` : ''}`)
          .replace(numeric, (whole, first: string, second: string, year: string) => (Number(second) <= 12 && Number(first) <= 31 && first !== second ? `${second}/${first}/${year}` : whole));
  for (const block of blocks) {
    if (block.type === 'code') continue;
    const after = convert(block.text);
    if (after !== block.text) {
      changed.push(...after.split('\n').filter((line, index) => line !== block.text.split('\n')[index]));
      block.text = after;
    }
  }
  if (changed.length === 0) return failed(part, `the document has no date written ${uk ? 'month first (e.g. "March 1")' : 'day first (e.g. "1 March")'}`);
  return { part, change: { type: 'date_format', format: uk ? 'uk' : 'us' }, check: (content) => (changed.every((line) => readableLines(content).join('\n').includes(line.trim())) ? undefined : 'a date is as it was') };
}
