import { splitParagraph, type Block } from '../text/blocks.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "put the deadline in the first sentence", "lead with the date", "move the price to the top": a
 * part named by the kind of fact it holds, not its words (no line says "deadline"). The sentence
 * that holds it becomes the body's first line; the rest stays in order. A bold call to action that
 * moves up is a plain first line.
 */
const kinds: Array<[RegExp, RegExp]> = [
  [/^(?:deadline|due\s+date|cut-?off)s?$/i, /\b(?:by|before|due|deadline|no later than|until|closes?\s+on)\b[^.!?]{0,25}\b(?:\d{1,2}(?:st|nd|rd|th)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|tonight|eod|end of)\b/i],
  [/^(?:date|day|when|dates|timing)$/i, /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|tomorrow|next week)\b/i],
  [/^(?:time|start time)$/i, /\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\bnoon\b/i],
  [/^(?:price|pricing|cost|costs|fee|fees)$/i, /[$€£]\s?\d|\b\d+(?:\.\d+)?\s?(?:dollars|euros|pounds|usd|eur|gbp)\b|\bfree\b/i],
  [/^(?:address|street address)$/i, /\b\d+[a-z]?\s+(?:[A-Z][\p{L}]+\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Way|Square|Sq|Place|Pl|Boulevard|Blvd|Drive|Dr)\b|\b[A-Z]{1,2}\d{1,2}[A-Z]?\s?\d[A-Z]{2}\b/u],
  [/^(?:location|venue|place|where)$/i, /\b(?:at|in)\s+(?:the\s+)?[A-Z][\p{L}]+|\b(?:room|building|floor|office|hall)\s+\w+/u],
];

/** The pattern of a fact of the kind `topic` names ("the deadline"), when it names a kind. */
export function factKind(topic: string): RegExp | undefined {
  const name = topic.trim().replace(/^(?:the|our|a)\s+/i, '');
  return kinds.find(([named]) => named.test(name))?.[1];
}

export function leadWith(blocks: Block[], topic: string, kind: RegExp): ChangeOutcome {
  const part = `order: ${topic} first`;
  const letter = letterParts(blocks);
  const start = letter ? letter.bodyStart : blocks.findIndex((block) => block.type === 'paragraph' && !/^\*[^*].*\*$/.test(block.text.trim()));
  if (start < 0) return failed(part, 'the document has no paragraph to lead with it');
  const end = letter ? (letter.closing ?? letter.bodyEnd) + (letter.closing !== undefined ? 1 : 0) : blocks.length;
  const candidates = blocks.slice(start, end).filter((block) => block.type === 'paragraph' && !isHashtagLine(block.text));
  const found = candidates.flatMap((block) => splitParagraph(block.text).map((sentence) => ({ block, sentence }))).find((entry) => kind.test(entry.sentence));
  if (!found) return failed(part, `no sentence of the document gives ${topic.replace(/^(?:the)\s+/i, 'a ')}; say it (e.g. "add the ${topic.replace(/^(?:the)\s+/i, '')}: ...")`);
  const first = candidates[0]!;
  if (found.block === first && splitParagraph(first.text)[0] === found.sentence) return failed(part, `the first sentence gives the ${topic.replace(/^(?:the)\s+/i, '')} already`);
  const sentence = found.sentence.replace(/^\*\*(.*)\*\*$/, '$1');
  const rest = splitParagraph(found.block.text).filter((candidate) => candidate !== found.sentence).join(' ');
  if (rest.trim() === '') blocks.splice(blocks.indexOf(found.block), 1);
  else found.block.text = rest;
  // A one-line-a-paragraph letter gets it as a line of its own; prose gets it as its opening sentence.
  const oneLiners = candidates.every((block) => splitParagraph(block.text).length === 1);
  if (oneLiners || letter) blocks.splice(blocks.indexOf(first) >= 0 ? blocks.indexOf(first) : start, 0, { type: 'paragraph', text: sentence });
  else first.text = `${sentence} ${first.text}`;
  return { part, change: { type: 'order', moved_first: topic }, check: (content) => (readableLines(content).join('\n').includes(sentence) ? undefined : `the sentence with ${topic} is not in the document`) };
}
