import { countWords } from '../../../quality/text.js';
import { splitParagraph, type Block } from '../text/blocks.js';
import { rankSentences } from '../text/phrases.js';
import { withoutChatNoise } from './chatNoise.js';
import { frameBlocks, letterParts } from './letter.js';
import { isName } from '../document/names.js';
import { isHashtagLine } from './email.js';
import { stockOpener } from './energy.js';

/**
 * Shortening a document the way an editor would: chat noise and repeated lines go first, then
 * sections no reader needs (topic lists, attendee rolls), then the least central sentences and
 * list items. Decisions, owners and dates are kept longest, figures next: what a reader of a
 * shortened summary still looks for. Tables and code are never cut.
 */
interface Unit {
  block: Block;
  text: string;
  tier: number;
}

const decision = /\b(?:decid\w*|decision|agreed (?:to|on|that)|approv\w*|chose|signed off)\b/i;
// "It's going to be great" is a hope, not a commitment.
const commitment = /\b(?:(?:will|going to)(?! be (?:a |an |so |really |very )?(?:great|fun|nice|good|amazing|awesome|exciting|lovely|brilliant)\b)|owner|assigned|due|deadline|by (?:mon|tues|wednes|thurs|fri|satur|sun)day|by \d)\b|'ll\b|^\s*(?:[-*+]\s+)?\[[ xX]\]/i;
const result = /\bfrom\b[^.;]*\d[^.;]*\bto\b|\d\s?%|\b(?:fell|rose|grew|dropped|increased|decreased|doubled|halved|saved|cut)\b/i;
const droppableSection = /^(?:key\s+)?(?:topics|keywords|tags|related(?: reading)?|further reading|attendees|present|participants|people)$/i;
const timestamps = /\b\d{1,2}:\d{2}\s*(?:[AP]M)?\b/gi;
const dayOrMonth = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:jan(?:uary)?|feb(?:ruary)?|march|april|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|\b(?:tomorrow|tonight|(?:next|this|the) (?:week|weekend)|end of (?:the )?(?:day|week|month))\b/i;

/** A capitalised word past a line's first that is a name ("passes from Dana at reception", "at Shopify"): who or what a reader asks about. */
function namesSomeone(text: string): boolean {
  const words = text.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').split(/\s+/).slice(1).map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
  // "on Mondays" is a habit, not a date or a person.
  return words.some((word) => /^\p{Lu}\p{Ll}+$/u.test(word) && !/days$/i.test(word) && isName(word));
}

/** How long a line is kept: decisions longest, then actions with an owner or date, result figures, other figures, dates and names, a lead. */
function tierOf(text: string, first: boolean, section: string): number {
  // "Some news we are excited to share." says no news: it goes before any line that does.
  if (stockOpener.test(text.trim())) return -1;
  // A quote repeats the client's own line (a status update's figure under its table): it goes first.
  if (/^\s*>/.test(text)) return 0;
  const figures = /\d/.test(text.replace(timestamps, ''));
  if (/decision/i.test(section) || decision.test(text)) return 6;
  // A blocker or risk is what a manager reads a status update for.
  // ... and a PRD's requirements what it is written for.
  if (/action|owner|next step|to-?do|checklist|risk|blocker|concern|requirement|acceptance/i.test(section) || commitment.test(text) || /\bblock(?:ed|er|ing)\b/i.test(text)) return 5;
  if (figures && result.test(text)) return 4;
  if (figures || dayOrMonth.test(text) || namesSomeone(text) || /highlight|shipped|done|result|progress/i.test(section)) return 3;
  return first ? 1 : 0;
}

/** "**Acceptance criteria**" over each ticket's list: a label, not a line said twice or words to cut. */
function isLabel(blocks: Block[], block: Block): boolean {
  return block.type === 'paragraph' && /^\*\*[^*]+\*\*:?$/.test(block.text.trim()) && blocks[blocks.indexOf(block) + 1]?.type === 'list';
}

function items(block: Block): string[] {
  return block.type === 'list' ? block.text.split('\n') : splitParagraph(block.text);
}

function setItems(block: Block, parts: string[]): void {
  block.text = parts.join(block.type === 'list' ? '\n' : ' ');
}

function wordsOf(blocks: Block[]): number {
  return blocks.reduce((sum, block) => sum + (block.type === 'frontmatter' || block.type === 'code' ? 0 : countWords(block.text)), 0);
}

/**
 * Removes chat noise and lines already said elsewhere in the document; a letter's "Hi team," and
 * "Thank you for ..." are its frame, not noise. A line said both in the summary and under
 * "Decisions" or "Action items" stays under the latter, where a reader looks for it.
 */
function tidy(blocks: Block[], frame: Set<Block>): void {
  const seen = new Set<string>();
  let section = '';
  const sections = blocks.map((block) => (block.type === 'heading' ? (section = block.text) : section));
  const keyOf = (part: string) => part.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/^(?:\[[ xX]\]\s+)?/, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const first = (index: number) => (/decision|action|next step|to-?do/i.test(sections[index]!) ? 0 : 1);
  const order = blocks.map((_block, index) => index).sort((a, b) => first(a) - first(b) || a - b);
  for (const index of order) {
    const block = blocks[index]!;
    if ((block.type !== 'list' && block.type !== 'paragraph') || frame.has(block) || isLabel(blocks, block)) continue;
    const kept = items(block)
      .map(withoutChatNoise)
      .filter((part) => {
        const key = keyOf(part);
        if (key === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    setItems(block, kept);
  }
}

function dropSections(blocks: Blocks, test: (heading: string) => boolean): void {
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    const block = blocks[index]!;
    if (block.type !== 'heading' || block.level < 2 || !test(block.text)) continue;
    let end = index + 1;
    while (end < blocks.length && !(blocks[end]!.type === 'heading' && (blocks[end] as { level: number }).level <= block.level)) end += 1;
    blocks.splice(index, end - index);
  }
}
type Blocks = Block[];

/** Drops headings left with nothing under them. */
/**
 * The headings with nothing under them ("## Dark mode" in a newsletter of one-line items): a
 * heading that is its own item. `dropEmptySections` keeps these: only a section a revision emptied goes.
 */
export function emptyHeadings(blocks: readonly Block[]): Set<string> {
  const bare = new Set<string>();
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    if (block.type === 'heading' && block.level >= 2 && (!next || (next.type === 'heading' && next.level <= block.level))) bare.add(block.text);
  });
  return bare;
}

export function dropEmptySections(blocks: Block[], keep: ReadonlySet<string> = new Set()): void {
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    const block = blocks[index]!;
    if (block.type === 'paragraph' || block.type === 'list') {
      if (block.text.trim() === '') blocks.splice(index, 1);
      continue;
    }
    if (block.type !== 'heading' || block.level < 2 || keep.has(block.text)) continue;
    const next = blocks[index + 1];
    if (!next || (next.type === 'heading' && next.level <= block.level)) blocks.splice(index, 1);
  }
}

/**
 * Shortens `blocks` in place towards `target` words; returns the lines it dropped that held figures
 * or decisions. A letter keeps its frame (greeting, closing, sign-off) and its body's opening line.
 * With `keepFacts` ("shorter" with no size named) lines with a date, figure, name or decision stay:
 * only filler goes.
 */
export function shortenTo(blocks: Block[], target: number, corpus: string, keepFacts = false): string[] {
  const bare = emptyHeadings(blocks);
  const frame = frameBlocks(blocks);
  const opening = letterParts(blocks) ? blocks.find((block, index) => index >= letterParts(blocks)!.bodyStart && !frame.has(block) && block.type === 'paragraph') : undefined;
  tidy(blocks, frame);
  if (wordsOf(blocks) > target) dropSections(blocks, (heading) => droppableSection.test(heading));
  const units: Unit[] = [];
  let section = '';
  let firstParagraph = true;
  for (const block of blocks) {
    if (block.type === 'heading') section = block.text;
    if ((block.type !== 'list' && block.type !== 'paragraph') || frame.has(block)) continue;
    items(block).forEach((text, index) => {
      if (block.type === 'list' && /^\s+/.test(text)) return;
      if (block === opening && index === 0) return;
      // A post's hashtags are how it is found, not words to cut.
      if (isHashtagLine(text) || isLabel(blocks, block)) return;
      units.push({ block, text, tier: tierOf(text, index === 0 && (block.type === 'list' || firstParagraph), section) });
    });
    if (block.type === 'paragraph') firstParagraph = false;
  }
  const ranked = rankSentences(units.map((unit) => unit.text), corpus);
  const rank = new Map(ranked.map((text, index) => [text, index]));
  const order = [...units].sort((a, b) => a.tier - b.tier || (rank.get(b.text) ?? 0) - (rank.get(a.text) ?? 0));
  let words = wordsOf(blocks);
  const dropped: string[] = [];
  let left = units.length;
  for (const unit of order) {
    // "Shorter" never leaves a title alone: the line that ranks first stays, whatever the target.
    if (words <= target || left <= 1) break;
    if (keepFacts && unit.tier >= 3) continue;
    const parts = items(unit.block);
    const at = parts.indexOf(unit.text);
    if (at < 0) continue;
    parts.splice(at, 1);
    setItems(unit.block, parts);
    words -= countWords(unit.text);
    left -= 1;
    if (unit.tier >= 3) dropped.push(unit.text.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''));
  }
  dropEmptySections(blocks, bare);
  return dropped;
}

/** The words of a letter's frame (subject, greeting, closing, sign-off), which shortening leaves as they are; 0 for another document. */
export function frameWords(blocks: Block[]): number {
  return wordsOf([...frameBlocks(blocks)]);
}
