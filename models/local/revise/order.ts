import { contentTerms } from '../../../quality/text.js';
import type { Block } from '../text/blocks.js';
import { wordFamily } from '../text/grammar.js';
import { bodyEnd, bodyStart, isFrameLine } from './email.js';
import { readableLines, type ChangeOutcome, type DeliverableValue } from './outcome.js';
import { sectionBounds, shares } from './structure.js';

/**
 * Moves the feedback asks for: a named section, or the paragraph or list about a named topic ("the
 * time zones bit"), first or last. A section is found by its heading; a paragraph by its words.
 */

// What people call a part of a document after its topic: "the time zones bit", "the pricing part".
const partWord = '(?:\\s+(?:section|bit|part|paragraph|point|sentence|line|stuff))?';
export const movedFirst = new RegExp(
  `\\b(?:move|put|bring)\\s+(?:the\\s+)?([^.,;!?]+?)${partWord}\\s+(?:in(?:to)?\\s+the\\s+(?:first|opening)\\s+(?:sentence|line|paragraph|para)|in(?:to)?\\s+the\\s+(?:opening|intro(?:duction)?)|first|to the top|at the top|up front|to the start|to the beginning)\\b|\\b(?:start|lead|open) with\\s+(?:the\\s+)?([^.,;!?]+?)${partWord}(?=[.,;!?]|$)`,
  'gi',
);
export const movedLast = new RegExp(
  `\\b(?:move|put|push)\\s+(?:the\\s+)?([^.,;!?]+?)${partWord}\\s+(?:last|at the end|to the end|at the bottom|to the bottom)\\b|\\b(?:end|finish|close) with\\s+(?:the\\s+)?([^.,;!?]+?)${partWord}(?=[.,;!?]|$)`,
  'gi',
);

type Place = 'first' | 'last';

/** The topic a move names, from a match of `movedFirst` or `movedLast` (both global: use `matchAll`). */
export function movedTopic(match: RegExpMatchArray): string {
  return (match[1] ?? match[2] ?? '').trim();
}

export function moveTo(blocks: Block[], topic: string, place: Place): ChangeOutcome {
  const part = `order: ${topic} ${place}`;
  const sections = blocks.flatMap((block, index) => (block.type === 'heading' && block.level === 2 ? [index] : []));
  // The heading that shares most of the topic's words: "the export button is hidden on mobile" is
  // that ticket, not "Csv export times out", which shares one.
  const section = sections.filter((index) => shares((blocks[index] as { text: string }).text, topic)).sort((a, b) => sharedTerms((blocks[b] as { text: string }).text, topic) - sharedTerms((blocks[a] as { text: string }).text, topic))[0];
  if (section !== undefined) return moveSection(blocks, section, sections, topic, place, part);
  return moveBlock(blocks, topic, place, part);
}

function moveSection(blocks: Block[], start: number, sections: number[], topic: string, place: Place, part: string): ChangeOutcome {
  const heading = (blocks[start] as { text: string }).text;
  const end = sectionBounds(blocks, start);
  if ((place === 'first' && start === sections[0]) || (place === 'last' && end === blocks.length)) return { part, reason: `"${heading}" is already the ${place} section` };
  const moved = blocks.splice(start, end - start);
  blocks.splice(place === 'first' ? sections[0]! : blocks.length, 0, ...moved);
  // "## 1. ...", "## 2. ...": numbered tickets or steps keep counting from the top after the move.
  const numberedSections = blocks.filter((block): block is Block & { text: string } => block.type === 'heading' && block.level === 2);
  if (numberedSections.length > 1 && numberedSections.every((block) => numbering.test(block.text))) numberedSections.forEach((block, index) => (block.text = block.text.replace(numbering, `${index + 1}. `)));
  const now = (moved[0] as { text: string }).text;
  const check = (content: string) => {
    const names = readableLines(content).filter((line) => /^##\s/.test(line)).map((line) => line.replace(/^#+\s+/, ''));
    return (place === 'first' ? names[0] : names.at(-1)) === now ? undefined : `"${heading}" is not the ${place} section`;
  };
  return { part, change: { type: 'order', [place === 'first' ? 'moved_first' : 'moved_last']: topic }, check, edit: (deliverable) => moveInData(deliverable, heading, place) };
}

const numbering = /^\d+\.\s+/;

function sharedTerms(text: string, phrase: string): number {
  const terms = new Set(contentTerms(text).map(wordFamily));
  return new Set(contentTerms(phrase).map(wordFamily).filter((term) => terms.has(term))).size;
}

/** "2. Csv export times out", "- **Jan**: Fix the e2e tests": the words a deliverable's field holds. */
function normal(text: string): string {
  return text.replace(numbering, '').replace(/^\s*(?:[-*+]\s+)?(?:\[[ xX]\]\s+)?(?:\*\*[^*]+\*\*:\s*)?/, '').replace(/[.!?:]+$/, '').trim().toLowerCase();
}

/** The element of one of the deliverable's lists that shows `text` (a ticket by its title, a section by its heading, an item by its words) moves first or last. */
function moveInData(deliverable: DeliverableValue, text: string, place: Place): void {
  const key = normal(text);
  const label = (entry: unknown) => normal(typeof entry === 'string' ? entry : String(['title', 'heading', 'name', 'text', 'task', 'item', 'finding', 'question'].map((field) => (entry as Record<string, unknown>)?.[field]).find((value) => typeof value === 'string') ?? ''));
  for (const list of Object.values(deliverable.data)) {
    if (!Array.isArray(list)) continue;
    const at = list.findIndex((entry) => label(entry) !== '' && (label(entry) === key || key.startsWith(label(entry))));
    if (at < 0) continue;
    const [entry] = list.splice(at, 1);
    if (place === 'first') list.unshift(entry);
    else list.push(entry);
    return;
  }
}

/** The paragraph or list about `topic` moves right under the title, or to the very end. */
function moveBlock(blocks: Block[], topic: string, place: Place, part: string): ChangeOutcome {
  const movable = (block: Block) => block.type === 'paragraph' || block.type === 'list';
  const at = blocks.findIndex((block) => movable(block) && shares(block.text, topic));
  if (at < 0) return { part, reason: `the document has no section or paragraph about ${topic}` };
  const [block] = blocks.splice(at, 1) as [Block & { text: string }];
  const title = blocks.findIndex((candidate) => candidate.type === 'heading' && candidate.level === 1);
  // An email's first line is under its greeting, never above its subject line.
  const body = bodyStart(blocks);
  const email = body !== undefined;
  const top = email ? body : title >= 0 ? title + 1 : blocks[0]?.type === 'frontmatter' ? 1 : 0;
  // ... and its last line is above its call to action and sign-off.
  blocks.splice(place === 'first' ? top : email ? bodyEnd(blocks)! : blocks.length, 0, block);
  const text = block.text.split('\n')[0]!.trim();
  const check = (content: string) => {
    const lines = readableLines(content).filter((line) => line.trim() !== '' && !/^#\s/.test(line) && !(email && isFrameLine(line)));
    const line = place === 'first' ? lines[0] : lines.at(-1 - (block.text.split('\n').length - 1));
    // A sentence another change adds to it ("end with a question") leaves it where it was moved.
    return line?.trim() === text || (place === 'last' && line?.trim().startsWith(text)) ? undefined : `the part about ${topic} is not ${place}`;
  };
  return { part, change: { type: 'order', [place === 'first' ? 'moved_first' : 'moved_last']: topic }, check, edit: (deliverable) => moveInData(deliverable, text, place) };
}
