import { contentTerms, stem } from '../../../quality/text.js';
import { blockWords, renderBlocks, splitParagraph, type Block } from '../text/blocks.js';
import { calendarCase, capitalize } from '../text/phrases.js';
import { cited, type Sources } from '../text/sources.js';
import { addLine } from './addLine.js';
import { failed, noModel, type ChangeOutcome } from './outcome.js';
import { indexHeading, paragraphs, placeOf } from './positions.js';
import { sectionBounds } from './structure.js';

/**
 * "More detail on the second point", "expand on the budget", "say more about pricing": more on one
 * part, from the client's material. Only what the document does not say yet is added (the raw
 * notes pasted again at the end, lower case, read as new to nobody), next to the part it is about;
 * when the material has nothing more, the revision says so instead of padding.
 */

const asking = '(?:(?:a\\s+(?:bit|little)\\s+|some\\s+|much\\s+)?(?:more|extra|further)\\s+(?:detail(?:s)?|depth|info(?:rmation)?|context|colou?r)|expand(?:\\s+on)?|elaborate(?:\\s+on)?|go\\s+(?:deeper|into\\s+(?:more\\s+)?detail)|dig\\s+deeper|say\\s+(?:a\\s+(?:bit|little)\\s+)?more|tell\\s+(?:me\\s+|us\\s+|them\\s+)?more|flesh\\s+out|more\\s+on)';
const ordinal = '(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final)';
/**
 * Group 1 and 2: the place and unit ("second", "point"); group 3: a topic ("the budget").
 * Not "expand it", "more detail please": those ask for a longer document (the length change).
 */
export const moreDetail = new RegExp(
  `\\b${asking}\\s+(?:(?:on|about|regarding|into|around|in|for|re|of)\\s+)?(?:the\\s+|that\\s+)?(?:${ordinal}\\s+(point|section|bullet|item|paragraph|para|part|step|topic|one)s?\\b|(?<=(?:on|about|regarding|into|around|re|of)\\s+(?:the\\s+|that\\s+)?)(?!(?:it|this|that|these|them|everything|all|things?|please|pls)\\b)([\\p{L}\\d][^.,;!?]*?)(?=\\s*(?:$|[.,;!?]|\\s+(?:please|pls|thanks|and|too)\\b)))`,
  'iu',
);

const notesHeading = /^[^.!?]{0,60}\b(?:sync|meeting|stand-?up|call|retro(?:spective)?|1:1|check-?in|review|planning|kick-?off|huddle)\s+(?:on\s+)?\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\.?$/i;

const figures = (text: string) => text.match(/\d[\d.,:%/]*\d|\d/g) ?? [];

/**
 * The material's sentences that say something the document does not: at least half their content
 * words new to it, or a figure it lacks with a word it lacks ("attendees: dana, lee, sam" adds nothing
 * to a summary naming Dana, Lee and Sam). Written as the document writes: capitalised, days in capitals.
 */
export function newMaterial(document: string, sources: Sources): string[] {
  const known = new Set(contentTerms(document).map(stem));
  const knownFigures = new Set(figures(document));
  return sources.sentences.map(cited).filter((sentence) => {
    // "Dana, Lee, Sam weekly sync 3/12.": the notes' heading names the meeting; it is no detail of it.
    if (notesHeading.test(sentence.trim())) return false;
    const terms = [...new Set(contentTerms(sentence).map(stem))];
    const fresh = terms.filter((term) => !known.has(term));
    const freshFigure = figures(sentence).some((figure) => !knownFigures.has(figure));
    return fresh.length > 0 && (fresh.length * 2 >= terms.length || freshFigure);
  }).map((sentence) => capitalize(calendarCase(sentence.trim())));
}

/** Adds new material sentences where the document's facts are, until near `target` words; how many were added. */
export function lengthen(blocks: Block[], target: number, sources: Sources): number {
  let added = 0;
  for (const sentence of newMaterial(renderBlocks(blocks), sources)) {
    if (blockWords(blocks) >= target) break;
    addLine(blocks, sentence);
    added += 1;
  }
  return added;
}

interface Part {
  /** How the report names it: "the second point ("Budget: we have $20k ...")". */
  name: string;
  text: string;
  /** Puts sentences after the part, inside it. */
  extend: (sentences: string[]) => void;
}

const at = <T>(items: T[], place: number): T | undefined => (place < 0 ? items[items.length + place] : items[place]);
const short = (text: string) => (text.length > 50 ? `${text.slice(0, 50).replace(/\s+\S*$/, '')} ...` : text);
const itemLine = /^(?:[-*+]|\d+[.)])\s+(?!\[[ xX]\])/;

/** The list items a reader counts as points: not a list of topics or participants, not a checklist. */
function points(blocks: Block[]): Array<{ block: Block; line: string }> {
  return blocks.flatMap((block, index) => {
    const heading = blocks.slice(0, index).findLast((before) => before.type === 'heading');
    if (block.type !== 'list' || (heading && indexHeading.test(heading.text.trim()))) return [];
    return block.text.split('\n').filter((line) => itemLine.test(line)).map((line) => ({ block, line }));
  });
}

function sections(blocks: Block[]): number[] {
  return blocks.map((block, index) => (block.type === 'heading' && block.level === 2 && !indexHeading.test(block.text.trim()) ? index : -1)).filter((index) => index >= 0);
}

function pointAt(blocks: Block[], place: number, label: string): Part | undefined {
  const item = at(points(blocks), place);
  if (!item) return undefined;
  const text = item.line.replace(itemLine, '');
  return { name: `${label} ("${short(text)}")`, text, extend: (added) => void (item.block.text = item.block.text.replace(item.line, `${item.line.replace(/[.!?]?\s*$/, '.')} ${added.join(' ')}`)) };
}

function paragraphAt(blocks: Block[], place: number, label: string): Part | undefined {
  const block = at(paragraphs(blocks), place);
  if (!block) return undefined;
  return { name: `${label} ("${short(block.text)}")`, text: block.text, extend: (added) => void (block.text = `${block.text} ${added.join(' ')}`) };
}

function sectionAt(blocks: Block[], place: number, label: string): Part | undefined {
  const start = at(sections(blocks), place);
  if (start === undefined) return undefined;
  const body = blocks.slice(start + 1, sectionBounds(blocks, start)).filter((block) => block.type === 'paragraph' || block.type === 'list');
  const last = body.at(-1);
  return {
    name: `${label} ("${blocks[start]!.text}")`,
    text: renderBlocks(blocks.slice(start, sectionBounds(blocks, start))),
    extend: (added) => {
      if (last?.type === 'list') last.text = `${last.text}\n${added.map((sentence) => `- ${sentence}`).join('\n')}`;
      else if (last) last.text = `${last.text} ${added.join(' ')}`;
      else blocks.splice(start + 1, 0, { type: 'paragraph', text: added.join(' ') });
    },
  };
}

/** The part at a place: a point is a list item, else a paragraph, else a section; a section is a `##` section, else a point. */
function placed(blocks: Block[], placeWord: string, unitWord: string): Part | undefined {
  const place = placeOf(placeWord);
  const unit = unitWord.toLowerCase();
  const label = `the ${placeWord.toLowerCase()} ${unit}`;
  if (/^(?:section|part|topic)$/.test(unit)) return sectionAt(blocks, place, label) ?? pointAt(blocks, place, label);
  if (/^para/.test(unit)) return paragraphAt(blocks, place, label);
  return pointAt(blocks, place, label) ?? paragraphAt(blocks, place, label) ?? sectionAt(blocks, place, label);
}

/** The document's first line or sentence holding every word of `topic`, to extend; undefined when none does. */
function about(blocks: Block[], topic: string, terms: string[]): Part | undefined {
  const holds = (text: string) => { const have = new Set(contentTerms(text).map(stem)); return terms.every((term) => have.has(term)); };
  for (const block of blocks) {
    if (block.type === 'list') {
      const line = block.text.split('\n').find((each) => itemLine.test(each) && holds(each));
      if (line) return { name: topic, text: line, extend: (added) => void (block.text = block.text.replace(line, `${line.replace(/[.!?]?\s*$/, '.')} ${added.join(' ')}`)) };
    } else if (block.type === 'paragraph' && splitParagraph(block.text).some(holds)) {
      return { name: topic, text: block.text, extend: (added) => void (block.text = `${block.text} ${added.join(' ')}`) };
    }
  }
  return undefined;
}

/** Adds the material's new sentences about the part or topic the feedback names, next to it. */
export function addDetail(blocks: Block[], match: RegExpExecArray, sources: Sources): ChangeOutcome {
  const [, placeWord, unitWord, named] = match;
  const asked = named?.trim().replace(/\s+(?:section|part|point|bit|paragraph|bullet|item)$/i, '');
  const topic = asked?.replace(/^the\s+/i, '');
  const part = `more detail: ${asked ?? `the ${placeWord!.toLowerCase()} ${unitWord!.toLowerCase()}`}`;
  const target = topic ? about(blocks, topic, contentTerms(topic).map(stem)) : placed(blocks, placeWord!, unitWord!);
  if (!topic && !target) return failed(part, `the document has no ${placeWord!.toLowerCase()} ${unitWord!.toLowerCase()}`);
  // A point's names and days ("Lee", "Friday") are in many lines of the notes ("Dana, Lee, Sam weekly
  // sync"): what a point is about are its other words.
  const names = topic ? new Set<string>() : new Set((target!.text.match(/(?<=[\p{L}\d,;)]\s+)\p{Lu}[\p{L}\d'’-]*/gu) ?? []).map((word) => stem(word.toLowerCase())));
  const own = contentTerms(topic ?? target!.text).map(stem);
  const terms = own.some((term) => !names.has(term)) ? own.filter((term) => !names.has(term)) : own;
  if (terms.length === 0) return failed(part, 'the feedback names nothing to find in the document');
  // A sentence about a topic holds all its words; one about a point shares a word with it.
  const related = (sentence: string) => { const have = new Set(contentTerms(sentence).map(stem)); return topic ? terms.every((term) => have.has(term)) : terms.some((term) => have.has(term)); };
  const added = newMaterial(renderBlocks(blocks), sources).filter(related);
  if (added.length === 0) return failed(part, `the client's material says nothing more about ${target && !topic ? target.name : asked}; say what to add (e.g. "add: ..."); ${noModel}`);
  if (target) target.extend(added);
  else for (const sentence of added) addLine(blocks, sentence);
  return { part, change: { type: 'add_detail', added: added.length }, check: (content) => (added.every((sentence) => content.includes(sentence.replace(/[.!?]$/, ''))) ? undefined : 'the document does not say it') };
}
