import { parseBlocks, type Block } from '../text/blocks.js';

/**
 * What "it" or "that" stands for in a move ("the pricing section - put it first", "add a ticket:
 * the export button is hidden on mobile, and put it first", "put it first" after an earlier
 * revision). The feedback's own words come first: the part named just before the pronoun. Without
 * them, "it" is what the previous revision brought: the one section (else the one list line) the
 * document has that its first draft did not. Anything else is unresolved; the caller says so
 * rather than guess.
 */

export const pronoun = /^(?:it|that|this|them|those|these|that one|this one)$/i;

// "add a pricing section", "the e2e item": what names a part, without the verb, article or part word.
const lead = /^(?:(?:and|then|also|so|ok(?:ay)?|please|pls|now)\s+)*(?:(?:add(?:ed)?|include|write|create|make|new)\s+)?(?:(?:a|an|the|that|this|one more|another)\s+)?(?:(?:section|part|paragraph|bit)\s+(?:on|about)\s+(?:the\s+)?)?/i;
const partWord = /\s+(?:section|bit|part|paragraph|point|item|action item|line|ticket|one|entry|question)s?$/i;

/** The part named in `before` (the feedback up to the pronoun), if its last clause names one. */
export function namedBefore(before: string): string | undefined {
  const clauses = before.replace(/[\s,]*(?:\band\b|\bthen\b|\bso\b)?[\s,]*$/i, '').split(/\s+-(?:\s+|$)|\s*[—–:;,.!?]\s*/);
  const last = clauses.reverse().find((clause) => clause.trim() !== '');
  const named = last?.trim().replace(lead, '').replace(partWord, '').trim();
  return named && !pronoun.test(named) && named.split(/\s+/).length <= 12 ? named : undefined;
}

/** The one heading (else list line) `revised` has that `first` had not: what the last revision added. */
export function addedSince(first: string, revised: string): string | undefined {
  const headings = (blocks: Block[]) => blocks.filter((block) => block.type === 'heading' && block.level === 2).map((block) => (block as { text: string }).text.replace(/^\d+\.\s+/, ''));
  const lines = (blocks: Block[]) => blocks.filter((block) => block.type === 'list').flatMap((block) => (block as { text: string }).text.split('\n'));
  const [before, after] = [parseBlocks(first), parseBlocks(revised)];
  const newHeadings = headings(after).filter((heading) => !headings(before).includes(heading));
  if (newHeadings.length > 0) return newHeadings.length === 1 ? newHeadings[0] : undefined;
  const newLines = lines(after).filter((line) => !lines(before).includes(line));
  return newLines.length === 1 ? newLines[0]!.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '') : undefined;
}
