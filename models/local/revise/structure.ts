import { contentTerms, stem } from '../../../quality/text.js';
import { splitParagraph, type Block } from '../text/blocks.js';
import { readableLines, type ChangeOutcome } from './outcome.js';

/**
 * Edits of the document's structure the feedback asks for: removing a named section, writing
 * paragraphs as bullet lists or lists as prose (moves are in order.ts).
 */
export const removedSection = /\b(?:remove|drop|delete|cut)\s+the\s+([^.,;!?]+?)\s+section\b/gi;
export const asBullets = /\b(?:bullet(?:ed)?(?:\s+points?|\s+list)?s?|as (?:a )?list|list form|scannable)\b/i;
export const asProse = /\b(?:as (?:plain )?prose|as paragraphs|no bullets|fewer bullets|full sentences)\b/i;

export function shares(text: string, phrase: string): boolean {
  const terms = new Set(contentTerms(text).map(stem));
  return contentTerms(phrase).some((term) => terms.has(stem(term)));
}

export function sectionBounds(blocks: Block[], start: number): number {
  const level = (blocks[start] as { level: number }).level;
  let end = start + 1;
  while (end < blocks.length && !(blocks[end]!.type === 'heading' && (blocks[end] as { level: number }).level <= level)) end += 1;
  return end;
}

function headings(content: string): string[] {
  return readableLines(content).filter((line) => /^#{2,6}\s/.test(line)).map((line) => line.replace(/^#+\s+/, ''));
}

export function removeSection(blocks: Block[], name: string): ChangeOutcome {
  const part = `remove section: ${name}`;
  const start = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && shares(block.text, name));
  if (start < 0) return { part, reason: 'the document has no section by that name' };
  const heading = blocks[start]!.text;
  blocks.splice(start, sectionBounds(blocks, start) - start);
  return { part, check: (content) => (headings(content).includes(heading) ? `the "${heading}" section is still there` : undefined) };
}

export function toBullets(blocks: Block[]): ChangeOutcome {
  const part = 'format: bullet points';
  let converted = 0;
  let seenProse = false;
  blocks.forEach((block, index) => {
    if (block.type !== 'paragraph') return;
    if (!seenProse) return void (seenProse = true);
    const parts = splitParagraph(block.text);
    if (parts.length < 2) return;
    converted += 1;
    blocks[index] = { type: 'list', text: parts.map((sentence) => `- ${sentence}`).join('\n') };
  });
  if (converted === 0) return { part, reason: 'the document has no paragraph of several sentences beyond its opening one to turn into a list' };
  return { part, change: { type: 'format', paragraphs_to_lists: converted }, check: (content) => (readableLines(content).some((line) => /^- \S/.test(line)) ? undefined : 'the document has no bullet list') };
}

export function toProse(blocks: Block[]): ChangeOutcome {
  const part = 'format: prose';
  let converted = 0;
  blocks.forEach((block, index) => {
    if (block.type !== 'list' || !block.text.split('\n').every((line) => /^- [^[]/.test(line))) return;
    converted += 1;
    blocks[index] = { type: 'paragraph', text: block.text.split('\n').map((line) => line.replace(/^- /, '').replace(/([^.!?])$/, '$1.')).join(' ') };
  });
  if (converted === 0) return { part, reason: 'the document has no plain bullet list to write as prose' };
  return { part, change: { type: 'format', lists_to_paragraphs: converted }, check: () => undefined };
}
