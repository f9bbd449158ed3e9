import { splitParagraph, type Block } from '../text/blocks.js';
import { firstLines } from './conclusion.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "add a tl;dr at the top", "add a one-line summary up top", "BLUF please": one line under the
 * title (an email's greeting) that says the document's points in short, made of its own first
 * lines: a summary's first items, each section's first line, a letter's lines.
 */
export const addedTldr = /\b(?:add|include|put|give\s+(?:it|me)|start\s+with|open\s+with|need|want)\s+(?:a\s+|an\s+)?(?:short\s+|quick\s+)?(?:tl;?\s?dr|one[- ]line(?:r)?\s+summary|summary\s+(?:line\s+)?(?:at\s+the\s+top|up\s+top|up\s+front|first)|bottom\s+line\s+up\s+front|bluf)\b|^\W*(?:tl;?\s?dr|bluf)(?:\s+(?:please|pls|at\s+the\s+top))*\W*$/i;

export function addTldr(blocks: Block[]): ChangeOutcome {
  const part = 'add TL;DR';
  if (blocks.some((block) => /^(?:\*\*)?tl;?dr\b/i.test(block.text.trim()))) return failed(part, 'the document has a TL;DR already');
  const letter = letterParts(blocks);
  const points = letter ? letterPoints(blocks.slice(letter.bodyStart, letter.bodyEnd)) : summaryItems(blocks) ?? firstLines(blocks);
  if (points.length === 0) return failed(part, 'the document has no lines to sum up');
  const line = `**TL;DR:** ${points.slice(0, 3).map((point, index) => (index === 0 ? point : lowerStart(point)).replace(/[.!?;]+$/, '')).join('; ')}.`;
  const title = blocks.findIndex((block) => block.type === 'heading' && block.level === 1);
  const note = title >= 0 && blocks[title + 1]?.type === 'paragraph' && /^\*[^*].*\*$/.test(blocks[title + 1]!.text.trim()) ? title + 2 : title + 1;
  const at = letter ? letter.bodyStart : title >= 0 ? note : blocks[0]?.type === 'frontmatter' ? 1 : 0;
  blocks.splice(at, 0, { type: 'paragraph', text: line });
  return { part, change: { type: 'add_text', text: line }, check: (content) => (readableLines(content).includes(line) ? undefined : 'the TL;DR is not in the document') };
}

/** A letter's or post's points: the first sentence of each paragraph. */
function letterPoints(blocks: Block[]): string[] {
  return blocks.filter((block) => block.type === 'paragraph' && !isHashtagLine(block.text)).map((block) => splitParagraph(block.text)[0]!).filter(Boolean);
}

/** The items under a summary's own heading ("## Summary", "## Highlights"), when it has one. */
function summaryItems(blocks: Block[]): string[] | undefined {
  const at = blocks.findIndex((block) => block.type === 'heading' && /^(?:summary|highlights|key points|overview)$/i.test(block.text.trim()));
  const list = at >= 0 && blocks[at + 1]?.type === 'list' ? blocks[at + 1]! : undefined;
  return list ? list.text.split('\n').filter((line) => /^\s*[-*+]\s/.test(line)).map((line) => line.replace(/^\s*[-*+]\s+/, '').trim()) : undefined;
}

function lowerStart(text: string): string {
  return /^[A-Z][a-z]/.test(text) && !/^(?:I|I'm|I've)\b/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
