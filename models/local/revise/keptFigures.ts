import { parseBlocks, renderBlocks, splitParagraph, type Block } from '../text/blocks.js';
import { addLine } from './addLine.js';
import { failed, type ChangeOutcome } from './outcome.js';

/**
 * "ok but keep the numbers", "bring back the figures": a shorter version lost lines that carried
 * figures; they come back from the first draft where they were, after the line that came before
 * them. A document that still has every figure is left as it is, and the report says so.
 */
export const keptFigures = /\b(?:keep|kept|bring\s+back|put\s+back|restore|(?:don['’]?t|do\s+not)\s+(?:lose|drop|cut|remove))\s+(?:in\s+)?(?:the\s+|all\s+(?:the\s+)?|my\s+|our\s+)?(?:numbers|figures|stats|statistics|metrics|amounts|data\s+points)\b/i;

interface Unit {
  text: string;
  list: boolean;
  /** The only sentence of its paragraph (a post or email written a line a paragraph). */
  alone: boolean;
}

const figures = (text: string) => text.match(/\d[\d.,:%/]*\d|\d/g) ?? [];
const itemLine = /^(?:[-*+]|\d+[.)])\s+/;

function units(blocks: Block[]): Unit[] {
  return blocks.flatMap((block): Unit[] => {
    if (block.type === 'list') return block.text.split('\n').filter((line) => itemLine.test(line)).map((line) => ({ text: line.replace(itemLine, ''), list: true, alone: false }));
    if (block.type !== 'paragraph' || block.text.startsWith('**Subject:**')) return [];
    const sentences = splitParagraph(block.text);
    return sentences.map((text) => ({ text, list: false, alone: sentences.length === 1 }));
  });
}

/** Puts `unit` back after the block line or sentence that says `after`; false when no block says it. */
function putAfter(blocks: Block[], after: string, unit: Unit): boolean {
  const block = blocks.find((each) => (each.type === 'list' || each.type === 'paragraph') && each.text.includes(after));
  if (!block) return false;
  if (block.type === 'list') {
    const lines = block.text.split('\n');
    const at = lines.findIndex((line) => line.includes(after));
    const marker = /^\s*\d+[.)]\s/.test(lines[at]!) ? '- ' : (itemLine.exec(lines[at]!)?.[0] ?? '- ');
    lines.splice(at + 1, 0, `${marker}${unit.text}`);
    block.text = lines.join('\n');
  } else if (unit.alone) blocks.splice(blocks.indexOf(block) + 1, 0, { type: 'paragraph', text: unit.text });
  else block.text = block.text.replace(after, `${after} ${unit.text}`);
  return true;
}

/** Brings back the first draft's lines whose figures the document lost. */
export function restoreFigures(blocks: Block[], original: string | undefined): ChangeOutcome {
  const part = 'keep the numbers';
  if (!original) return failed(part, 'the first draft is not at hand to bring figures back from');
  const now = renderBlocks(blocks);
  const first = units(parseBlocks(original));
  // A figure is there as a number of its own: "April 2" is not kept by "Q2" or "$20k", nor "level -2" by "12 King Street".
  const kept = (figure: string) => new RegExp(`(?<![\\w.,])${figure.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?!\\d|[.,]\\d)`).test(now);
  const lost = first.filter((unit) => !now.includes(unit.text) && figures(unit.text).some((figure) => !kept(figure)));
  if (lost.length === 0) return failed(part, first.some((unit) => figures(unit.text).length > 0) ? 'every figure of the first draft is in the document already; nothing to bring back' : 'the first draft has no figures to keep');
  for (const unit of lost) {
    const before = first.slice(0, first.indexOf(unit)).reverse().find((each) => renderBlocks(blocks).includes(each.text));
    if (!before || !putAfter(blocks, before.text, unit)) addLine(blocks, unit.text);
  }
  return { part, change: { type: 'restore_figures', restored: lost.length }, check: (content) => { const missing = lost.find((unit) => !content.includes(unit.text.replace(/[.!?]$/, ''))); return missing ? `"${missing.text}" is not back` : undefined; } };
}
