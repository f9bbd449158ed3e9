import { countWords } from '../../../quality/text.js';
import { splitParagraph, type Block } from '../text/blocks.js';
import { rankSentences } from '../text/phrases.js';
import { withoutChatNoise } from './chatNoise.js';

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
const commitment = /\b(?:will|going to|owner|assigned|due|deadline|by (?:mon|tues|wednes|thurs|fri|satur|sun)day|by \d)\b|'ll\b|^\s*(?:[-*+]\s+)?\[[ xX]\]/i;
const result = /\bfrom\b[^.;]*\d[^.;]*\bto\b|\d\s?%|\b(?:fell|rose|grew|dropped|increased|decreased|doubled|halved|saved|cut)\b/i;
const droppableSection = /^(?:key\s+)?(?:topics|keywords|tags|related(?: reading)?|further reading|attendees|present|participants|people)$/i;
const timestamps = /\b\d{1,2}:\d{2}\s*(?:[AP]M)?\b/gi;

/** How long a line is kept: decisions longest, then actions with an owner or date, result figures, other figures, a lead. */
function tierOf(text: string, first: boolean, section: string): number {
  const figures = /\d/.test(text.replace(timestamps, ''));
  if (/decision/i.test(section) || decision.test(text)) return 6;
  if (/action|owner|next step|to-?do|checklist/i.test(section) || commitment.test(text)) return 5;
  if (figures && result.test(text)) return 4;
  if (figures) return 3;
  return first ? 1 : 0;
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

/** Removes chat noise and lines already said earlier in the document. */
function tidy(blocks: Block[]): void {
  const seen = new Set<string>();
  for (const block of blocks) {
    if (block.type !== 'list' && block.type !== 'paragraph') continue;
    const kept = items(block)
      .map(withoutChatNoise)
      .filter((part) => {
        const key = part.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
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
export function dropEmptySections(blocks: Block[]): void {
  for (let index = blocks.length - 1; index >= 0; index -= 1) {
    const block = blocks[index]!;
    if (block.type === 'paragraph' || block.type === 'list') {
      if (block.text.trim() === '') blocks.splice(index, 1);
      continue;
    }
    if (block.type !== 'heading' || block.level < 2) continue;
    const next = blocks[index + 1];
    if (!next || (next.type === 'heading' && next.level <= block.level)) blocks.splice(index, 1);
  }
}

/** Shortens `blocks` in place towards `target` words; returns the lines it dropped that held figures or decisions. */
export function shortenTo(blocks: Block[], target: number, corpus: string): string[] {
  tidy(blocks);
  if (wordsOf(blocks) > target) dropSections(blocks, (heading) => droppableSection.test(heading));
  const units: Unit[] = [];
  let section = '';
  let firstParagraph = true;
  for (const block of blocks) {
    if (block.type === 'heading') section = block.text;
    if (block.type !== 'list' && block.type !== 'paragraph') continue;
    items(block).forEach((text, index) => {
      if (block.type === 'list' && /^\s+/.test(text)) return;
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
    const parts = items(unit.block);
    const at = parts.indexOf(unit.text);
    if (at < 0) continue;
    parts.splice(at, 1);
    setItems(unit.block, parts);
    words -= countWords(unit.text);
    left -= 1;
    if (unit.tier >= 3) dropped.push(unit.text.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''));
  }
  dropEmptySections(blocks);
  return dropped;
}
