import { splitParagraph, type Block } from '../text/blocks.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "Put the ask first": in a letter, the sentence that asks the reader to do something opens the
 * body, as its own paragraph; the rest follows in its order. The ask is a request ("please",
 * "could you", "let us know") or a sentence that opens with a verb telling the reader what to do.
 */

/** The topics of a move that mean the letter's request. */
export const askTopic = /^(?:the\s+)?(?:ask|request|main\s+ask|action|what\s+(?:we|i)\s+need)$/i;

export const request = /\b(?:please|could you|can you|would you|will you|need you to|(?:like|want) you to|ask(?:ing)? you to|let (?:me|us) know|rsvp)\b/i;
export const imperative = /^(?:bring|send|review|reply|join|sign|book|fill|submit|register|check|read|share|make sure|remember|don['’]t forget|come|update|confirm|approve|vote|complete|respond|save|mark|grab|pick|add|email|call|pack|apply|clear|return|finish|prepare|hand in)\b/i;
export const asks = (sentence: string) => request.test(sentence) || imperative.test(sentence.trim());

export function askFirst(blocks: Block[]): ChangeOutcome {
  const part = 'order: the ask first';
  const letter = letterParts(blocks);
  if (!letter) return failed(part, 'only a letter or an email has an ask to open with; name the part to move (e.g. "put the pricing section first")');
  const body = blocks.slice(letter.bodyStart, letter.bodyEnd).filter((block) => block.type === 'paragraph');
  const block = body.find((each) => splitParagraph(each.text).some(asks));
  if (!block) return failed(part, 'the letter\'s body asks the reader nothing (its call to action stays last)');
  const sentences = splitParagraph(block.text);
  const sentence = sentences.find(asks)!;
  if (block === body[0] && sentences[0] === sentence) return failed(part, `the ask ("${sentence}") is already the first thing the letter says`);
  block.text = sentences.filter((each) => each !== sentence).join(' ');
  blocks.splice(letter.bodyStart, 0, { type: 'paragraph', text: sentence });
  return { part, check: (content) => (readableLines(content).find((line) => line.trim() !== '' && !/^\*\*Subject:|^(?:hi|hello|hey|dear)\b/i.test(line)) === sentence ? undefined : 'the ask does not open the letter') };
}
