import { splitParagraph, type Block } from '../text/blocks.js';
import { compromise } from '../text/compromise.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "merge the first two points", "combine these two lines", "join the last two paragraphs": two
 * neighbouring parts become one, in the same words ("Offsite moved to Friday 14th. Same place."
 * is "Offsite moved to Friday 14th, same place."). Group 1: the place (first, last, these ...);
 * group 2: the unit.
 */
export const mergedPair =
  /\b(?:combine|merge|join|fold|put\s+together|squash)\s+(?:the\s+)?(first|last|final|top|bottom|these|those|the)?\s*(?:two|2|both)?\s*(points?|bullets?|items?|paragraphs?|paras?|lines?|sentences?)\b(?!\s+(?:about|on|of|for)\b)/i;

interface Unit {
  block: Block;
  /** The item's line in a list, or the sentence in a paragraph; the whole text for a paragraph. */
  text: string;
  kind: 'item' | 'sentence' | 'paragraph';
}

const marker = /^(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const bold = (text: string) => /^\*\*[^*]+\*\*$/.test(text.trim());

function paragraphsOf(blocks: Block[]): Block[] {
  const letter = letterParts(blocks);
  const range = letter ? blocks.slice(letter.bodyStart, letter.bodyEnd) : blocks;
  return range.filter((block) => block.type === 'paragraph' && !isHashtagLine(block.text) && !bold(block.text) && !/^\*[^*].*\*$/.test(block.text.trim()));
}

/** The parts a reader counts as `unit`: a list's items, a letter's one-line paragraphs as lines, paragraphs, or sentences. */
function unitsOf(blocks: Block[], unit: string, last: boolean): Unit[] {
  const paragraphs = paragraphsOf(blocks);
  // Points merge within one list; a list of topics or participants indexes the document and is not one meant.
  const index = (block: Block) => /^(?:topics|participants|attendees|tags|keywords|links|references|sources)$/i.test(blocks.slice(0, blocks.indexOf(block)).findLast((before) => before.type === 'heading')?.text.trim() ?? '');
  const lists = blocks.filter((block) => block.type === 'list' && block.text.split('\n').filter((line) => marker.test(line)).length >= 2 && !index(block));
  const items = (last ? lists.slice(-1) : lists.slice(0, 1)).flatMap((block) => block.text.split('\n').filter((line) => marker.test(line)).map((line) => ({ block, text: line, kind: 'item' as const })));
  const oneLiners = paragraphs.length >= 2 && paragraphs.every((block) => splitParagraph(block.text).length === 1);
  if (/^(?:point|bullet|item)/i.test(unit)) return items;
  if (/^line/i.test(unit)) return oneLiners || paragraphs.length === 0 ? (oneLiners ? paragraphs.map((block) => ({ block, text: block.text, kind: 'paragraph' as const })) : items) : sentencesOf(paragraphs);
  if (/^sentence/i.test(unit)) return sentencesOf(paragraphs);
  return paragraphs.map((block) => ({ block, text: block.text, kind: 'paragraph' as const }));
}

function sentencesOf(paragraphs: Block[]): Unit[] {
  return paragraphs.flatMap((block) => splitParagraph(block.text).map((text) => ({ block, text, kind: 'sentence' as const })));
}

const hasVerb = (text: string) => compromise()(text).has('#Verb');

/** "Same place." joins the line before it after a comma; a line with a verb of its own after a semicolon. */
export function joined(first: string, second: string): string {
  const a = first.trim().replace(/[.;,]+$/, '');
  const b = second.trim();
  const lower = /^[A-Z][a-z]/.test(b) && !compromise()(b.split(/\s+/)[0]!).has('#ProperNoun') ? b.charAt(0).toLowerCase() + b.slice(1) : b;
  const end = /[.!?]$/.test(b) ? '' : /[.!?]$/.test(first.trim()) ? '.' : '';
  return `${a}${hasVerb(b) ? ';' : ','} ${lower}${end}`;
}

export function mergePair(blocks: Block[], match: RegExpMatchArray): ChangeOutcome {
  const place = (match[1] ?? '').toLowerCase();
  const unit = match[2]!.toLowerCase();
  const part = `merge: ${/^(?:first|last|final|top|bottom)$/.test(place) ? `the ${place} two` : 'two'} ${unit.replace(/s?$/, 's')}`;
  const units = unitsOf(blocks, unit, /^(?:last|final|bottom)$/.test(place));
  if (units.length < 2) return failed(part, /^(?:point|bullet|item)/.test(unit) ? 'the document has no list with two points in it (points under different headings stay under their own)' : `the document has ${units.length} ${unit.replace(/s$/, '')}(s) to merge`);
  let pair: [Unit, Unit] | undefined;
  if (/^(?:last|final|bottom)$/.test(place)) pair = [units.at(-2)!, units.at(-1)!];
  else if (/^(?:first|top)$/.test(place)) pair = [units[0]!, units[1]!];
  else if (units.length === 2) pair = [units[0]!, units[1]!];
  else {
    // "these two lines" points at a pair the reader sees: a line with no verb of its own ("Same place.") belongs to the one before it.
    const fragment = units.findIndex((entry, index) => index > 0 && !hasVerb(entry.text.replace(marker, '')));
    if (fragment > 0) pair = [units[fragment - 1]!, units[fragment]!];
  }
  if (!pair) return failed(part, `the document has ${units.length} ${unit.replace(/s?$/, 's')}; say which two (e.g. "merge the first two ${unit.replace(/s?$/, 's')}")`);
  const [a, b] = pair;
  if (blocks.slice(blocks.indexOf(a.block), blocks.indexOf(b.block)).some((block) => block.type === 'heading')) return failed(part, 'the two are under different headings; say which two to merge');
  let merged: string;
  if (a.kind === 'item') {
    if (a.block !== b.block) return failed(part, 'the two points are in different lists');
    const owner = (line: string) => /\*\*([^*]+)\*\*:/.exec(line)?.[1];
    if (owner(a.text) && owner(b.text) && owner(a.text) !== owner(b.text)) return failed(part, `the two items have different owners (${owner(a.text)}, ${owner(b.text)})`);
    const prefix = marker.exec(a.text)![0];
    merged = prefix + joined(a.text.slice(prefix.length), b.text.replace(marker, '').replace(/^\*\*[^*]+\*\*:\s*/, ''));
    a.block.text = a.block.text.split('\n').filter((line) => line !== b.text).map((line) => (line === a.text ? merged : line)).join('\n');
  } else if (a.kind === 'paragraph' && b.kind === 'paragraph' && (splitParagraph(a.text).length > 1 || splitParagraph(b.text).length > 1)) {
    merged = `${a.text.trim()} ${b.text.trim()}`;
    a.block.text = merged;
    blocks.splice(blocks.indexOf(b.block), 1);
  } else {
    merged = joined(a.text, b.text);
    if (a.block === b.block) a.block.text = splitParagraph(a.block.text).filter((sentence) => sentence !== b.text).map((sentence) => (sentence === a.text ? merged : sentence)).join(' ');
    else {
      a.block.text = a.kind === 'sentence' ? splitParagraph(a.block.text).map((sentence) => (sentence === a.text ? merged : sentence)).join(' ') : merged;
      const rest = b.kind === 'sentence' ? splitParagraph(b.block.text).filter((sentence) => sentence !== b.text).join(' ') : '';
      if (rest) b.block.text = rest;
      else blocks.splice(blocks.indexOf(b.block), 1);
    }
  }
  const line = merged.replace(marker, '');
  return { part, change: { type: 'merge', merged: line }, check: (content) => (readableLines(content).join('\n').includes(line) ? undefined : 'the merged line is not in the document') };
}
