import { splitParagraph, type Block } from '../text/blocks.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';
import { sectionBounds } from './structure.js';

/**
 * Removals that name a part by where it is, not what it says: "drop the last paragraph", "cut the
 * intro", "remove the second bullet" ("remove the last section" is wording.ts `placedSection`). A letter's paragraphs are those
 * between its greeting and sign-off (its bold call to action and the frame stay).
 */

const ordinal = '(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final|penultimate|second[-\\s]to[-\\s]last|opening|closing)';
/** Global: use `matchAll`. Group 1 and 2: the place and the unit ("last", "paragraph"); group 3: "intro" or "conclusion". */
export const removedPosition = new RegExp(`\\b(?:remove|drop|delete|cut|lose|skip|take\\s+out|get\\s+rid\\s+of|leave\\s+out)\\s+(?:the\\s+|that\\s+)?(?:${ordinal}\\s+(paragraph|para|point|bullet|item|entry|row|requirement|question|line|sentence|one|bit)s?|(intro(?:duction)?|outro|conclusion))\\b(?!\\s+(?:about|on|of|for|mentioning)\\b)`, 'gi');
/** An ordinal a named-part pattern must leave to `removedPosition` ("remove the last point" is not a point about "last"). */
export const positionWord = new RegExp(`^${ordinal}$`, 'i');

const units: Record<string, string> = { para: 'paragraph', one: 'paragraph', bit: 'paragraph', entry: 'item', row: 'item', requirement: 'item', question: 'item', line: 'sentence' };
const places: Record<string, number> = { first: 0, '1st': 0, opening: 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4, last: -1, final: -1, closing: -1, penultimate: -2 };
/** Where an ordinal points, from the start (0 is the first) or, negative, from the end (-1 is the last). */
export const placeOf = (word: string): number => places[word.toLowerCase()] ?? (/to[-\s]last/i.test(word) ? -2 : 0);
const at = <T>(items: T[], place: number): T | undefined => (place < 0 ? items[items.length + place] : items[place]);

const closingHeading = /\b(?:conclusion|summary|wrap(?:ping)?[- ]up|closing|final thoughts|takeaways?|bottom line|in short|next steps)\b/i;
const bold = (text: string) => /^\*\*[^*]+\*\*$/.test(text.trim());

/** The paragraphs a reader counts: a letter's body and closing (not its bold call to action); elsewhere every paragraph but a line of hashtags. */
export function paragraphs(blocks: Block[]): Block[] {
  const letter = letterParts(blocks);
  const range = letter ? blocks.slice(letter.bodyStart, letter.signOff ?? blocks.length) : blocks;
  return range.filter((block) => block.type === 'paragraph' && !isHashtagLine(block.text) && !bold(block.text));
}

/** The opening of a document: its paragraphs before the first section heading, or its first paragraph. */
function intro(blocks: Block[]): Block[] {
  const counted = paragraphs(blocks);
  const firstSection = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2);
  const before = firstSection > 0 ? counted.filter((block) => blocks.indexOf(block) < firstSection) : [];
  // A document that is only its opening has none to cut: what is left would be its sections alone.
  if (before.length > 0 && blocks.slice(firstSection).some((block) => block.type === 'paragraph' || block.type === 'list')) return before;
  // A summary that opens with its first section has no intro: the participants' line under its last heading is none.
  if (firstSection >= 0 && !counted.some((block) => blocks.indexOf(block) < firstSection)) return [];
  return counted.slice(0, 1);
}

// A line that carries a date, a figure or an amount: an email's news, not its intro.
const news = /\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:today|tomorrow|tonight|next\s+week)\b/i;

const gone = (texts: string[]) => (content: string) => {
  const lines = readableLines(content).join('\n');
  const left = texts.find((text) => lines.includes(text));
  return left ? `"${left.slice(0, 60)}" is still there` : undefined;
};

export function removeAt(blocks: Block[], match: RegExpMatchArray): ChangeOutcome {
  const [, placeWord, unitWord, named] = match;
  // What people call the same unit: a row or entry is a list item, "the last one" or "bit" a paragraph, a line a sentence.
  const unit = named ? named.toLowerCase() : (units[unitWord!.toLowerCase()] ?? unitWord!.toLowerCase());
  const part = `remove: the ${named ? unit : `${placeWord!.toLowerCase()} ${unitWord!.toLowerCase()}`}`;
  if (unit === 'sentence') {
    const sentences = paragraphs(blocks).flatMap((block) => splitParagraph(block.text).map((sentence) => ({ block, sentence })));
    const chosen = at(sentences, placeOf(placeWord!));
    if (!chosen || sentences.length < 2) return failed(part, `the document has ${sentences.length} sentence(s); removing it would leave nothing to read`);
    chosen.block.text = splitParagraph(chosen.block.text).filter((sentence) => sentence !== chosen.sentence).join(' ');
    if (chosen.block.text.trim() === '') blocks.splice(blocks.indexOf(chosen.block), 1);
    return { part, check: gone([chosen.sentence]) };
  }
  if (['point', 'bullet', 'item'].includes(unit)) {
    const items = blocks.flatMap((block) => (block.type === 'list' ? block.text.split('\n').filter((line) => /^(?:[-*+]|\d+[.)])\s/.test(line)).map((line) => ({ block, line })) : []));
    const item = at(items, placeOf(placeWord!));
    if (!item) return failed(part, `the document has ${items.length} list item(s)`);
    item.block.text = item.block.text.split('\n').filter((line) => line !== item.line).join('\n');
    if (item.block.text.trim() === '') blocks.splice(blocks.indexOf(item.block), 1);
    return { part, check: gone([item.line]) };
  }
  if (unit === 'conclusion' || unit === 'outro') {
    const last = blocks.findLastIndex((block) => block.type === 'heading' && block.level >= 2);
    if (last >= 0 && closingHeading.test(blocks[last]!.text)) {
      const heading = blocks[last]!.text;
      blocks.splice(last, sectionBounds(blocks, last) - last);
      return { part, check: (content) => (readableLines(content).some((line) => /^#{2,}\s/.test(line) && line.endsWith(heading)) ? `the "${heading}" section is still there` : undefined) };
    }
  }
  const counted = paragraphs(blocks);
  const chosen = unit === 'paragraph' ? [at(counted, placeOf(placeWord!))].filter((block) => block !== undefined) : unit.startsWith('intro') ? intro(blocks) : counted.slice(-1);
  const firstSection = blocks.find((block) => block.type === 'heading' && block.level >= 2);
  if (unit.startsWith('intro') && chosen.length === 0 && firstSection) return failed(part, `the document has no intro: it opens with its "${firstSection.text}" section`);
  // "Cut the intro" of "Dear customers, / We are raising prices on April 1.": that line is the email's news, not an intro.
  if (unit.startsWith('intro') && letterParts(blocks) && chosen.length > 0 && chosen.every((block) => news.test(block.text))) return failed(part, `the email opens with its news ("${splitParagraph(chosen[0]!.text)[0]}"), not an intro; say which line to cut (e.g. "remove the line about ...")`);
  // The only paragraph is the message: removing it would leave a letter with nothing to say (a list or table left is something to read).
  const rest = blocks.some((block) => (block.type === 'list' || block.type === 'table') && !chosen.includes(block));
  if (chosen.length === 0 || (chosen.length === counted.length && !rest)) return failed(part, counted.length === 0 ? 'the document has no paragraph to remove' : `the document has ${counted.length} paragraph(s); removing it would leave nothing to read`);
  const texts = chosen.map((block) => block.text);
  for (const block of chosen) blocks.splice(blocks.indexOf(block), 1);
  return { part, change: { type: 'remove', removed: chosen.length }, check: gone(texts) };
}

export const indexHeading = /^(?:topics|participants|attendees|tags|keywords|links|references|sources|hashtags)$/i;

/** "swap the order of the last two points", "switch the first two paragraphs". Group 1: first or last; group 2: the unit. */
// "swap the order of the last two": no unit named, the points (list items) if there are, else the paragraphs.
export const swappedPair = /\b(?:swap|switch|flip|reverse)\s+(?:the\s+order\s+of\s+|round\s+)?(?:the\s+)?(first|last|final)\s+(?:two|2)(?:\s+(points?|bullets?|items?|paragraphs?|paras?|lines?|sections?))?\b/i;

/** Swaps two neighbouring parts: list items within one list (an item never moves to another section), or paragraphs. */
export function swapPair(blocks: Block[], match: RegExpMatchArray): ChangeOutcome {
  const [, placeWord, unitWord] = match;
  const last = placeOf(placeWord!) < 0;
  const itemsOf = (block: Block) => block.text.split('\n').filter((line) => /^(?:[-*+]|\d+[.)])\s/.test(line));
  const unit = unitWord ?? (blocks.some((block) => block.type === 'list' && itemsOf(block).length >= 2) ? 'points' : 'paragraphs');
  const part = `order: swap the ${placeWord!.toLowerCase()} two ${unit.toLowerCase().replace(/s?$/, 's')}`;
  const byItem = /^(?:point|bullet|item|section)/i.test(unit) || (/^line/i.test(unit) && paragraphs(blocks).length < 2);
  if (byItem) {
    // A list of topics or participants indexes the document; "the last two items" are the last it says.
    const index = (block: Block) => { const heading = blocks.slice(0, blocks.indexOf(block)).findLast((before) => before.type === 'heading'); return heading !== undefined && indexHeading.test(heading.text); };
    const lists = blocks.filter((block) => block.type === 'list' && itemsOf(block).length >= 2 && !index(block));
    const list = last ? lists.at(-1) : lists[0];
    // A post of one tip a section ("## First week plan", "## Feedback"), a ticket set: its points are its sections.
    if (!list) return swapSections(blocks, last, part);
    if (!list) return failed(part, 'the document has no list with two points in it (points under different headings stay under their own)');
    const items = itemsOf(list);
    const [a, b] = last ? [items.at(-2)!, items.at(-1)!] : [items[0]!, items[1]!];
    const lines = list.text.split('\n');
    const [i, j] = [lines.indexOf(a), lines.indexOf(b)];
    // A numbered list keeps its numbers in order; only the text after them moves.
    const marker = (line: string) => /^(?:[-*+]|\d+[.)])\s+/.exec(line)![0];
    [lines[i], lines[j]] = [marker(a) + b.slice(marker(b).length), marker(b) + a.slice(marker(a).length)];
    list.text = lines.join('\n');
    const order = [b.slice(marker(b).length), a.slice(marker(a).length)];
    return { part, check: (content) => (content.indexOf(order[0]!) >= 0 && content.indexOf(order[0]!) < content.indexOf(order[1]!) ? undefined : 'the two points are not in the new order') };
  }
  const counted = paragraphs(blocks);
  if (counted.length < 2) return failed(part, `the document has ${counted.length} paragraph(s)`);
  const [a, b] = last ? [counted.at(-2)!, counted.at(-1)!] : [counted[0]!, counted[1]!];
  [a.text, b.text] = [b.text, a.text];
  const first = a.text;
  const second = b.text;
  return { part, check: (content) => (content.indexOf(first) >= 0 && content.indexOf(first) < content.indexOf(second) ? undefined : 'the two paragraphs are not in the new order') };
}

/** Swaps the first or last two `##` sections, each with what is under it (not a closing section or an index of topics). */
function swapSections(blocks: Block[], last: boolean, part: string): ChangeOutcome {
  const starts = blocks.map((block, index) => (block.type === 'heading' && block.level === 2 && !indexHeading.test(block.text) && !closingHeading.test(block.text) ? index : -1)).filter((index) => index >= 0);
  if (starts.length < 2) return failed(part, `the document has no list with two points in it, and ${starts.length} section(s)`);
  const [i, j] = last ? [starts.at(-2)!, starts.at(-1)!] : [starts[0]!, starts[1]!];
  // Only neighbours swap: another section between them stays where it is.
  if (sectionBounds(blocks, i) !== j) return failed(part, 'the two sections are not next to each other');
  const second = blocks.slice(j, sectionBounds(blocks, j));
  const first = blocks.slice(i, j);
  blocks.splice(i, first.length + second.length, ...second, ...first);
  // "## 2. CSV export ..." and "## 3. Dark mode ...": the numbers stay in order, the tickets swap.
  const number = /^\d+\.\s+/;
  const [x, y] = [second[0]! as Block & { text: string }, first[0]! as Block & { text: string }];
  if (number.test(x.text) && number.test(y.text)) [x.text, y.text] = [number.exec(y.text)![0] + x.text.replace(number, ''), number.exec(x.text)![0] + y.text.replace(number, '')];
  const [a, b] = [x.text, y.text];
  return { part, check: (content) => (content.indexOf(`## ${a}`) >= 0 && content.indexOf(`## ${a}`) < content.indexOf(`## ${b}`) ? undefined : 'the two sections are not in the new order') };
}
