import { contentTerms } from '../../../quality/text.js';
import type { Correction } from '../../revisionFacts.js';
import { renderBlocks, type Block } from '../text/blocks.js';
import { readableDate } from '../text/dates.js';
import { wordFamily } from '../text/grammar.js';
import { applyCorrection } from './corrections.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "Move the deadline to the 5th", "push the launch to March 10", "change the meeting to thursday":
 * the date the feedback names replaces the one the document gives for that thing, everywhere it is
 * written (as a correction: "the 5th, not the 3rd"). Which date is meant: the one on a line about
 * the thing, else the document's only date; with several and none about it, the revision asks.
 */

export const month = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
export const date = `(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)(?:\\s+of\\s+${month})?|(?:next\\s+|this\\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|${month}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${month}(?:\\s+\\d{4})?|\\d{4}-\\d{2}-\\d{2}`;
const dates = new RegExp(`(?<![\\w-])(?:${date})(?![\\w-])`, 'gi');

/** Group 1: what moves ("deadline", "launch"); group 2: the new date. */
export const movedDate = new RegExp(`\\b(?:move|push|change|shift|set|bring|postpone|delay|reschedule|update)\\s+(?:the\\s+|our\\s+|my\\s+)?([a-z][\\w-]*(?:\\s+[a-z][\\w-]*){0,2}?)\\s+(?:back\\s+|forward\\s+|out\\s+)?(?:to|until|till)\\s+(${date})(?![\\w-])`, 'i');

// Words that mark a line as giving a deadline, for "the deadline" or "the due date".
const deadlineWords = /\b(?:due|deadline|by|until|delayed|ready|submit|send|finish|complete|close[sd]?)\b/i;

/** The date the document gives for `topic`, as it writes it; or why the revision cannot tell. */
function dateFor(blocks: Block[], topic: string): { found: string } | { reason: string } {
  // Clauses, not lines: "The launch is on March 3, the retro is on March 10" gives each its own date.
  const lines = readableLines(renderBlocks(blocks)).filter((line) => !/^#\s/.test(line)).flatMap((line) => line.split(/(?<=[.!?;,])\s+/));
  const mentions = (line: string) => [...line.matchAll(dates)].map((match) => match[0]);
  const all = [...new Set(lines.flatMap(mentions).map((text) => text.toLowerCase()))];
  if (all.length === 0) return { reason: `the document gives no date for the ${topic}; say where it goes (e.g. "add that the ${topic} is ...")` };
  const terms = contentTerms(topic).map(wordFamily).filter((term) => !/^(?:date|day|time)$/.test(term));
  const generic = terms.length === 0 || /^(?:deadline|due)/.test(terms[0]!);
  const about = lines.filter((line) => (generic ? deadlineWords.test(line) : contentTerms(line).map(wordFamily).some((term) => terms.includes(term))));
  const near = [...new Set(about.flatMap(mentions).map((text) => text.toLowerCase()))];
  const chosen = near.length === 1 ? near : all.length === 1 ? all : [];
  if (chosen.length === 0) return { reason: `the document gives several dates (${all.map(readableDate).join(', ')}) and none is on a line about the ${topic}; say which moves (e.g. "it's <new date>, not ${readableDate(all[0]!)}")` };
  // As the document writes it, for the correction to find every mention.
  const written = lines.flatMap(mentions).find((text) => text.toLowerCase() === chosen[0]);
  return { found: written! };
}

/** Whether `correction` is the move misread as a fact ("change the deadline to thursday" is not "thursday, not deadline"). */
export function misreadMove(correction: Correction, match: RegExpExecArray | null): boolean {
  return match !== null && correction.wrong.toLowerCase().replace(/^(?:the|our|my)\s+/, '') === match[1]!.toLowerCase();
}

/** The move as a correction (the deliverable's data is patched with it too), and its outcome. */
export function moveDate(blocks: Block[], match: RegExpExecArray): { outcome: ChangeOutcome; correction?: Correction } {
  const topic = match[1]!.toLowerCase();
  const part = `move date: ${topic} to ${readableDate(match[2]!)}`;
  const old = dateFor(blocks, topic);
  if ('reason' in old) return { outcome: failed(part, old.reason) };
  // "the 5th" replaces "the 3rd"; against "March 3" it is "5th" read as "the 5th" still.
  const right = readableDate(/^the\s/i.test(old.found) ? match[2]! : match[2]!.replace(/^the\s+/i, ''));
  if (right.toLowerCase() === old.found.toLowerCase()) return { outcome: failed(part, `the document already says ${old.found}`) };
  const correction: Correction = { right, wrong: old.found, kind: 'fact' };
  return { outcome: { ...applyCorrection(blocks, correction), part }, correction };
}
