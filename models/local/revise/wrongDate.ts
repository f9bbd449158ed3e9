import type { Correction } from '../../revisionFacts.js';
import { renderBlocks, type Block } from '../text/blocks.js';
import { readableDate } from '../text/dates.js';
import { applyCorrection } from './corrections.js';
import { date, month } from './movedDate.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "the date is wrong, it's the 14th", "wrong time - should be 3pm", "date's off, make it March 14":
 * the feedback gives the right value only; the wrong one is the document's date or time of the
 * same kind ("the 14th" replaces the day of the month the document gives: "Friday the 13th" is
 * "Friday the 14th", "March 13" is "March 14"), everywhere it is written (the subject line too).
 * Before, nothing was read (`general_feedback`). With two different dates of that kind the
 * revision asks which ("it's the 14th, not the 3rd").
 */
const time = '\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)|\\d{1,2}:\\d{2}';
export const wrongDate = new RegExp(`\\b(?:(?:the\\s+)?(date|day|time|deadline)(?:['’]s|\\s+is|\\s+was)\\s+(?:wrong|off|incorrect|not\\s+right|a\\s+typo)|wrong\\s+(date|day|time|deadline))\\b[\\s,.;:!—–-]*(?:(?:it['’]?s|it\\s+is|its|it\\s+should\\s+be|should\\s+be|should\\s+say|make\\s+it|needs\\s+to\\s+be|it['’]?s\\s+actually|actually)\\s+)?(?:on\\s+|at\\s+)?(${date}|${time})(?![\\w-])`, 'i');

const ordinal = /^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)$/i;
const kinds: Array<[RegExp, RegExp]> = [
  // A day of the month: in the document, alone ("the 13th") or in a month's date ("March 13", "13 March").
  [ordinal, new RegExp(`(?<![\\w-])(?:(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)(?:\\s+of\\s+${month})?|${month}\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?\\s+${month})(?![\\w-])`, 'gi')],
  [/^(?:next\s+|this\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i, /(?<![\w-])(?:mon|tues|wednes|thurs|fri|satur|sun)day(?![\w-])/gi],
  [new RegExp(`^(?:${time})$`, 'i'), new RegExp(`(?<![\\w:-])(?:${time})(?![\\w-])`, 'gi')],
];

/** The correction the feedback's value makes of the document's date of its kind, or why not. */
function dateCorrection(blocks: Block[], value: string): Correction | { reason: string } {
  const said = value.trim();
  const kind = kinds.find(([pattern]) => pattern.test(said)) ?? [/./, new RegExp(`(?<![\\w-])(?:${date})(?![\\w-])`, 'gi')];
  const lines = readableLines(renderBlocks(blocks)).filter((line) => !/^#\s/.test(line) || blocks.every((block) => block.type !== 'paragraph'));
  const found = [...new Set(lines.flatMap((line) => [...line.matchAll(kind[1])].map((match) => match[0])))];
  const distinct = [...new Set(found.map((text) => text.toLowerCase()))];
  if (distinct.length === 0) return { reason: `the document gives no date or time like "${said}" to correct; say where it goes (e.g. "add that it is on ${said}")` };
  if (distinct.length > 1) return { reason: `the document gives several (${distinct.map(readableDate).join(', ')}); say which is wrong (e.g. "it's ${said}, not ${readableDate(found[0]!)}")` };
  const wrong = found[0]!;
  const day = ordinal.exec(said)?.[1];
  // "the 14th" in "March 13" is "March 14"; "the 14th" for "the 13th" keeps the document's "the".
  const right = day && !ordinal.test(wrong) ? wrong.replace(/\d{1,2}(?=(?:st|nd|rd|th)?(?!\d))/, day) : /^the\s/i.test(wrong) || !day ? said.replace(/^on\s+/i, '') : said.replace(/^the\s+/i, '');
  return { wrong, right: readableDate(right), kind: 'fact' };
}

export function fixDate(blocks: Block[], match: RegExpExecArray): { outcome: ChangeOutcome; correction?: Correction } {
  const what = (match[1] ?? match[2] ?? 'date').toLowerCase();
  const part = `correct ${what}: ${readableDate(match[3]!)}`;
  const correction = dateCorrection(blocks, match[3]!);
  if ('reason' in correction) return { outcome: failed(part, correction.reason) };
  if (correction.right.toLowerCase() === correction.wrong.toLowerCase()) return { outcome: failed(part, `the document already says ${correction.wrong}`) };
  return { outcome: { ...applyCorrection(blocks, correction), part }, correction };
}
