import { contentTerms, stem } from '../../../quality/text.js';
import { splitParagraph, type Block } from '../text/blocks.js';
import { literal } from '../text/phrases.js';
import { cited, type Sources } from '../text/sources.js';
import { letterParts } from './letter.js';
import { failed, type ChangeOutcome } from './outcome.js';
import { holdsTerms } from './structure.js';

/**
 * "Mention Sam", "add a PS about parking": the feedback names a topic but not the words. The
 * client's own material may say it (a sentence about the topic the document left out); else the
 * revision says what it needs instead of returning the document unchanged as if done.
 */

/** Group 1: "ps" or "line" when the feedback says which; group 2: the topic. Not "mention that ..." (a fact, sections.ts). */
// "don't mention pricing", "no need to mention pricing" is a removal (structure.ts `removedPart`).
export const mentionedTopic = /\b(?<!\b(?:no\s+need\s+to|don['’]?t|do\s+not|never|stop|not)\s+)(?:(?:mention|name|credit|shout\s+out\s+to|thank)\s+(?!that\b|the\s+fact\b)|add\s+(?:a|an|one)\s+(?:short\s+)?(ps|p\.s\.|line|note|sentence|bit)\s+(?:about|on|re|mentioning|thanking)\s+)((?:the\s+)?[\p{L}\d][\p{L}\d'’-]*(?:\s+[\p{L}\d][\p{L}\d'’-]*){0,3})\s*(?:[.;!?]|,?\s+(?:and|too|as\s+well)\b|$)/iu;

/** The material's sentences about `topic` the document does not carry yet. */
function unsaid(topic: string, sources: Sources, document: string): string[] {
  const terms = contentTerms(topic).map(stem);
  if (terms.length === 0) return [];
  return sources.sentences.map(cited).filter((sentence) => holdsTerms(sentence, terms) && !document.includes(sentence.replace(/[.!?]$/, '')));
}

/** The letter body's sentence about `topic` (a paragraph of the body, never its frame). */
function bodySentence(blocks: Block[], topic: string): { block: Block; sentence: string } | undefined {
  const letter = letterParts(blocks);
  if (!letter) return undefined;
  const terms = contentTerms(topic).map(stem);
  for (const block of blocks.slice(letter.bodyStart, letter.bodyEnd)) {
    if (block.type !== 'paragraph') continue;
    const sentence = splitParagraph(block.text).find((each) => holdsTerms(each, terms));
    if (sentence) return { block, sentence };
  }
  return undefined;
}

/** What to add for the topic, or why not; `place` puts the sentence where the feedback asked (a P.S., a line). */
export function mention(blocks: Block[], match: RegExpExecArray, sources: Sources, document: string, place: (sentence: string, postscript: boolean) => ChangeOutcome): ChangeOutcome {
  const topic = match[2]!.trim().replace(/^the\s+/i, '');
  const postscript = /^p\.?s\.?$/i.test(match[1] ?? '');
  const part = `${postscript ? 'add a P.S. about' : 'mention'} ${topic}`;
  const [sentence] = unsaid(topic, sources, document);
  if (sentence) return { ...place(sentence, postscript), part };
  // "Add a PS about parking" when the body says it already: that sentence becomes the P.S.
  const body = postscript ? bodySentence(blocks, topic) : undefined;
  if (body) {
    body.block.text = splitParagraph(body.block.text).filter((each) => each !== body.sentence).join(' ');
    return { ...place(body.sentence, true), part };
  }
  const said = new RegExp(`\\b${literal(topic)}\\b`, 'i').test(document);
  return failed(part, `${said ? `the document already mentions ${topic}, and ` : ''}the client's material says nothing more about ${topic}; say what to say (e.g. "${postscript ? 'add a PS: ...' : `mention that ${topic} ...`}")`);
}

/**
 * The document's sentence or item that says `fact` already ("mention we're hiring" on a post that
 * says "... hiring 10 engineers"): every content word and every figure of the fact is in it. Adding the fact again
 * would say it twice.
 */
export function saidAlready(blocks: Block[], fact: string): string | undefined {
  const terms = [...new Set(contentTerms(fact).map(stem))];
  if (terms.length === 0) return undefined;
  // "round 1 checked the chain" is not said by "Round 0 checked the chain.": its figures must be there too.
  const figures = fact.match(/\d[\d.,:%]*\d|\d/g) ?? [];
  const lines = blocks.flatMap((block) => (block.type === 'paragraph' ? splitParagraph(block.text) : block.type === 'list' ? block.text.split('\n') : []));
  return lines.find((line) => holdsTerms(line, terms) && figures.every((figure) => new RegExp(`(?<![\\d.,])${literal(figure)}(?![\\d])`).test(line)))?.replace(/^\s*[-*+]\s+/, '').trim();
}
