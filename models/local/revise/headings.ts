import type { Block } from '../text/blocks.js';
import { compromise } from '../text/compromise.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "use headings for each part", "add subheadings", "break it into sections with headers": every
 * part without a heading gets one, named after what it is about (its first noun phrase: "Offsite",
 * "Laptops"); the opening of a document whose later parts are headed is its "Overview". A part
 * about what the one before it is about stays under that heading.
 */
export const askedHeadings =
  /\b(?:use|add|give\s+(?:it|each\s+part|every\s+part)|put|need|want|with|include)\s+(?:some\s+|more\s+|clear\s+|proper\s+)?(?:sub-?)?(?:headings|headers|section\s+(?:headings|titles))\b|\b(?:sub-?)?(?:headings?|headers?)\s+(?:for|on|over|above)\s+(?:each|every|all)\b|\b(?:break|split)\s+(?:it|this)\s+(?:up\s+)?into\s+(?:headed\s+)?sections\b/i;

const leading = /^(?:(?:the|a|an|our|my|your|their|its|this|that|these|those|same|new|some|all|any|every|each)\s+)+/i;

/** What a part is about, as a heading: its first noun phrase that is not a pronoun, date or figure. */
export function headingFor(text: string): string | undefined {
  const nouns = compromise()(text).nouns().not('#Pronoun').not('#Date').not('#Value').json() as Array<{ text: string }>;
  for (const noun of nouns) {
    const words = noun.text.replace(/[^\p{L}\p{N}' -]/gu, ' ').replace(leading, '').trim();
    if (words === '' || words.split(/\s+/).length > 4) continue;
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  return undefined;
}

export function addHeadings(blocks: Block[]): ChangeOutcome {
  const part = 'headings for each part';
  const letter = letterParts(blocks);
  const content = (block: Block) => (block.type === 'paragraph' || block.type === 'list') && !isHashtagLine(block.text) && !/^\*[^*].*\*$/.test(block.text.trim());
  const firstSection = blocks.findIndex((block) => block.type === 'heading' && block.level === 2);
  const start = letter ? letter.bodyStart : Math.max(0, blocks.findIndex((block) => block.type !== 'frontmatter' && !(block.type === 'heading' && block.level === 1)));
  const end = letter ? letter.bodyEnd : firstSection >= 0 ? firstSection : blocks.length;
  const unheaded = blocks.slice(start, end).filter(content);
  if (unheaded.length === 0) return failed(part, 'every part of the document has a heading already');
  const added: string[] = [];
  if (!letter && firstSection >= 0) {
    // The opening of a document whose parts are headed already.
    blocks.splice(blocks.indexOf(unheaded[0]!), 0, { type: 'heading', level: 2, text: 'Overview' });
    added.push('Overview');
  } else {
    let previous: string | undefined;
    for (const block of unheaded) {
      const name = headingFor(block.text.replace(/^\s*[-*+]\s+/gm, ''));
      if (!name || name.toLowerCase() === previous?.toLowerCase()) continue;
      blocks.splice(blocks.indexOf(block), 0, { type: 'heading', level: 2, text: name });
      added.push(name);
      previous = name;
    }
  }
  if (added.length === 0) return failed(part, 'no part names a topic a heading could be made from; say the headings (e.g. "add a heading: Pricing")');
  return { part: `${part}: ${added.join(', ')}`, change: { type: 'restructure', headings: added }, check: (text) => (added.every((name) => readableLines(text).includes(`## ${name}`)) ? undefined : 'a heading is missing') };
}
