import type { Block } from '../text/blocks.js';
import { gerundOf, verbBase } from '../text/grammar.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * Edits of an email's own parts that people ask for by name: "make the subject line shorter" (or
 * punchier), "remove the call to action". The rest of the letter stays as it is.
 */

/** "make the subject shorter", "punchier subject line", "shorten the subject". */
export const shorterSubject = /\b(?:(?:make|keep|get)\s+the\s+subject(?:\s+line)?\s+(?:a\s+(?:bit|lot)\s+|much\s+)?(?:shorter|punchier|snappier|catchier|crisper|tighter|more\s+direct)|(?:shorter|punchier|snappier|catchier|crisper|tighter)\s+subject(?:\s+line)?|shorten\s+the\s+subject(?:\s+line)?|subject(?:\s+line)?\s+(?:is\s+)?too\s+long)\b/i;

/** "remove the call to action", "drop the cta", "cut the 'reply to this email' line". */
export const removedCallToAction = /\b(?:remove|drop|delete|cut|lose|get\s+rid\s+of|no\s+need\s+for)\s+(?:the\s+|that\s+)?(?:call\s+to\s+action|cta|closing\s+line|["“']?reply\s+to\s+this\s+e-?mail[^"”']*["”']?(?:\s+line)?)/i;

// Where a subject may be cut: an aside after a comma or a dash, then a place with no date in it.
const aside = /\s*(?:,|\s[-–—]\s|;)\s.*$/;
const placePhrase = /\s+(?:in|at|on|inside|near)\s+(?:the|our|a)\s+(?![^,]*\d)[^,]+$/i;

/** "The all-hands moves to Friday at 4pm in the big meeting room, pizza after" -> "All-hands moves to Friday at 4pm". */
export function shortSubject(subject: string): string {
  let short = subject.replace(aside, '').trim();
  for (let round = 0; round < 2 && short.split(/\s+/).length > 7; round += 1) short = short.replace(placePhrase, '').trim();
  short = short.replace(/^(?:the|a|an)\s+(?=\S+\s+\S+)/i, '');
  // "We move to the new office on March 3" -> "Moving to the new office on March 3": a subject names the news, not who makes it.
  short = short.replace(/^(?:we|i|our\s+team)\s+(?:(?:are|am|will\s+be)\s+)?([a-z]+)\b/i, (whole, verb: string) => { const base = verbBase(verb); return base && base !== 'be' && base !== 'have' ? gerundOf(base) : whole; });
  short = short.replace(/^(?:we['’]re|i['’]m)\s+([a-z]+ing)\b/i, '$1');
  return `${short.charAt(0).toUpperCase()}${short.slice(1)}`;
}

export function shortenSubject(blocks: Block[]): ChangeOutcome {
  const part = 'shorter subject line';
  const parts = letterParts(blocks);
  if (parts?.subject === undefined) return failed(part, 'only an email has a subject line');
  const block = blocks[parts.subject]!;
  const before = block.text.replace(/^\*\*Subject:\*\*\s*/, '');
  const after = shortSubject(before);
  if (after === before) return failed(part, `the subject line "${before}" has no aside, place or "we" to leave out; give the subject you want ("change the subject to ...")`);
  block.text = `**Subject:** ${after}`;
  return { part: `shorter subject line: ${after}`, check: (content) => (readableLines(content).includes(`**Subject:** ${after}`) ? undefined : 'the subject line is not the shorter one') };
}

export function removeCallToAction(blocks: Block[]): ChangeOutcome {
  const part = 'remove the call to action';
  const parts = letterParts(blocks);
  if (parts?.closing === undefined || !/^\*\*[^*]+\*\*$/.test(blocks[parts.closing]!.text.trim())) return failed(part, 'the document has no call to action line');
  const line = blocks[parts.closing]!.text.trim();
  blocks.splice(parts.closing, 1);
  return { part, check: (content) => (content.includes(line) ? 'the call to action is still there' : undefined) };
}
