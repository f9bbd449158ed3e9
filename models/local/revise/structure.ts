import { withoutClause } from './clauseRemoval.js';
import { letterParts, type LetterParts } from './letter.js';
import { contentTerms, stem } from '../../../quality/text.js';
import { renderBlocks, splitParagraph, type Block } from '../text/blocks.js';
import { wordFamily } from '../text/grammar.js';
import { literal } from '../text/phrases.js';
import { readableLines, type ChangeOutcome } from './outcome.js';
import { postAsBullets } from './postBullets.js';

/**
 * Edits of the document's structure the feedback asks for: removing a named section, writing
 * paragraphs as bullet lists or lists as prose (moves are in order.ts).
 */
export const removedSection = /\b(?:remove|drop|delete|cut)\s+the\s+([^.,;!?]+?)\s+section\b/gi;
/** "remove the part about the database", "cut the bit on pricing", "drop the line mentioning Tom" (global: use `matchAll`). */
// ... and "remove anything about pricing", "get rid of every mention of the budget", "don't mention pricing".
export const removedPart = /\b(?:(?:remove|drop|delete|cut|take\s+out|lose|leave\s+out|get\s+rid\s+of|strip(?:\s+out)?)\s+(?:the\s+|that\s+|any\s+|all\s+(?:the\s+)?|every\s+)?(?:part|bit|paragraph|line|sentence|stuff|mention|reference|piece|question|answer|faq|action(?:\s+item)?|to-?do|item|point|bullet|requirement|ticket|task|decision|risk|step|thing|info|information|anything|everything|something)s?\s+(?:about|on|of|for|mentioning|regarding|re|to\s+do\s+with|that\s+mentions)|(?:no\s+need\s+to|(?:please\s+)?don['’]?t|do\s+not|never|stop)\s+(?:mention(?:ing)?|talk(?:ing)?\s+about|bring(?:ing)?\s+up|say(?:ing)?\s+anything\s+about))\s+(?:the\s+|our\s+)?([^.,;!?]+)/gi;
/** "remove the keyboard shortcuts line", "delete the AGM point" (global: use `matchAll`); "remove the action item about X" is a part about X. */
export const removedItem = /\b(?:remove|drop|delete|cut|take\s+out|lose|leave\s+out|get\s+rid\s+of)\s+(?:the\s+|that\s+|all\s+the\s+)(?!action\s+item\b)([^.,;!?]+?)\s+(?:line|item|point|bullet|entry|requirement|row|sentence|one|bit|question|stuff|things?|info|bits)\b(?!\s+(?:about|on|of|for|mentioning|regarding)\b)/gi;
/**
 * "remove the participants", "drop the topics": a section named by its heading alone, without the
 * word "section" (global: use `matchAll`). What other rules remove ("the emoji", "the hashtags",
 * "the call to action", "the subject", a part, line or item) is left to them; the name removes a
 * section only where a heading starts with it (`removeHeaded`).
 */
export const removedHeading =
  /\b(?:remove|drop|delete|cut|take\s+out|lose|leave\s+out|get\s+rid\s+of)\s+(?:the\s+|that\s+)?(?!(?:emojis?|hashtags?|exclamation|call\s+to\s+action|cta|p\.?s\.?|subject|title|headline|intro|introduction|conclusion|greeting|sign[- ]?off|signature|first|second|third|last|final|it|this|that|them)\b)([a-z][\w'’&-]*(?:\s+[\w'’&-]+){0,4}?)(?=\s*(?:$|[.,;!?]|\s+(?:and|then|also|please|pls|too|entirely|completely)\b))/gi;

/** "... and participants", ", the topics and the tags": the further names that follow a removed one. */
export function namesAfter(rest: string): string[] {
  const names: string[] = [];
  let text = rest;
  for (;;) {
    const next = /^\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:the\s+)?([a-z][\w'’&-]*(?:\s+(?!and\b)[\w'’&-]+){0,3}?)(?=\s*(?:$|[.,;!?]|\s+(?:and|then|also|please|pls|too)\b))/i.exec(text);
    if (!next) return names;
    names.push(next[1]!);
    text = text.slice(next[0].length);
  }
}

/** Whether `text` holds every one of `terms` (stemmed content words): a line "about" a topic. */
export function holdsTerms(text: string, terms: readonly string[]): boolean {
  const have = new Set(contentTerms(text).map(stem));
  return terms.every((term) => have.has(term));
}

/** Whether a sentence or item of the document holds every word of `name` ("room for 40 people"). */
export function saidIn(blocks: Block[], name: string): boolean {
  const terms = contentTerms(name).map(stem);
  if (terms.length === 0) return false;
  return blocks.some((block) => (block.type === 'paragraph' || block.type === 'list') && (block.type === 'list' ? block.text.split('\n') : splitParagraph(block.text)).some((text) => holdsTerms(text, terms)));
}

/** Removes the section whose heading starts with `name` ("participants" -> "## Participants"), if there is one. */
export function removeHeaded(blocks: Block[], name: string): ChangeOutcome | undefined {
  const wanted = name.trim().toLowerCase().replace(/s$/, '');
  if (/\b(?:section|part|bit|line|paragraph|sentence|item|point|bullet|entry|row|one|question|ticket|step)s?$/.test(wanted)) return undefined;
  const heading = blocks.find((block) => block.type === 'heading' && block.level >= 2 && new RegExp(`^${literal(wanted)}s?\\b`, 'i').test(block.text.trim()));
  return heading && heading.type === 'heading' ? removeSection(blocks, heading.text) : undefined;
}

/**
 * "just give me the action items", "only the decisions and action items", "keep only the risks":
 * the sections so headed stay, with the title; the rest go. Group 1: the names as typed.
 */
export const keptOnly = /\b(?:(?:just|only)\s+(?:give\s+me\s+|keep\s+|show\s+(?:me\s+)?|list\s+|leave\s+|want\s+)?|keep\s+(?:just|only)\s+|(?:i\s+)?(?:just|only)\s+(?:need|want)\s+)(?:the\s+)?(?!(?:make|do|fix|change|add|remove|cut|use|keep|write|put|move|say|give|shorten|tone|a|an|one|it|this|that|me)\b)([a-z][\w -]*?(?:(?:,\s*|\s+and\s+)(?:the\s+)?[a-z][\w -]*?)*)(?=\s*(?:$|[.;!?]|,?\s+(?:please|pls|thanks)\b))/i;

/** Keeps the title and the sections whose headings start with one of `names`; undefined when none does. */
export function keepOnly(blocks: Block[], names: string): ChangeOutcome | undefined {
  const wanted = names.split(/,\s*|\s+and\s+/).map((name) => name.trim().replace(/^the\s+/i, '').toLowerCase().replace(/s$/, '')).filter(Boolean);
  const starts = (text: string) => wanted.some((name) => new RegExp(`^${literal(name)}s?\\b`, 'i').test(text.trim()));
  const kept = blocks.filter((block) => block.type === 'heading' && block.level === 2 && starts(block.text)).map((block) => block.text);
  if (kept.length === 0) return undefined;
  const part = `keep only: ${kept.join(', ')}`;
  for (let i = blocks.length - 1; i >= 0; i -= 1) {
    const block = blocks[i]!;
    if (block.type !== 'heading' || block.level !== 2 || starts(block.text)) continue;
    blocks.splice(i, sectionBounds(blocks, i) - i);
  }
  // What came before the first section (an intro, a summary line) goes too: only the asked sections stay.
  const title = blocks.findIndex((block) => block.type === 'heading' && block.level === 1);
  const first = blocks.findIndex((block) => block.type === 'heading' && block.level === 2);
  if (title >= 0 && first > title + 1) blocks.splice(title + 1, first - title - 1);
  return { part, check: (content) => (headings(content).every((heading) => kept.includes(heading)) && kept.every((heading) => headings(content).includes(heading)) ? undefined : 'other sections are still there') };
}

export const asBullets = /\b(?<!\b(?:first|second|third|fourth|fifth|last|final|penultimate|closing|opening|1st|2nd|3rd|4th|5th)\s+)(?<!\badd\s+(?:a\s+)?(?:short\s+)?)(?:bullet(?:ed)?(?:\s+points?|\s+list)?s?|as (?:a )?list|list form|scannable|(?:make|turn|put|format|write|change)\s+(?:it|this|that|them|the\s+\w+)\s+(?:into\s+|in\s+|as\s+|to\s+)?a\s+(?:bulleted\s+|numbered\s+|short\s+)?list)\b/i;
export const asProse = /\b(?:as (?:plain )?prose|as paragraphs|no bullets|fewer bullets|full sentences)\b/i;

export function shares(text: string, phrase: string): boolean {
  // "put the fixes first" finds "## Fixed".
  const terms = new Set(contentTerms(text).map(wordFamily));
  return contentTerms(phrase).some((term) => terms.has(wordFamily(term)));
}

export function sectionBounds(blocks: Block[], start: number): number {
  const level = (blocks[start] as { level: number }).level;
  let end = start + 1;
  while (end < blocks.length && !(blocks[end]!.type === 'heading' && (blocks[end] as { level: number }).level <= level)) end += 1;
  return end;
}

function headings(content: string): string[] {
  return readableLines(content).filter((line) => /^#{2,6}\s/.test(line)).map((line) => line.replace(/^#+\s+/, ''));
}

export function removeSection(blocks: Block[], name: string): ChangeOutcome {
  const part = `remove section: ${name}`;
  const start = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && shares(block.text, name));
  if (start < 0) return { part, reason: 'the document has no section by that name' };
  const heading = blocks[start]!.text;
  blocks.splice(start, sectionBounds(blocks, start) - start);
  return { part, check: (content) => (headings(content).includes(heading) ? `the "${heading}" section is still there` : undefined) };
}

/**
 * Removes what is about `topic`: the section whose heading names it, else each sentence or list
 * item sharing its most specific words (the title and front matter stay).
 */
export function removeAbout(blocks: Block[], topic: string, kind?: string): ChangeOutcome {
  const part = `remove: ${topic.trim()}`;
  const section = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && shares(block.text, topic));
  if (section >= 0) return { ...removeSection(blocks, topic), part };
  // "the action item about the style guide": the line under "Action items", not every mention of the style guide.
  const home = kind ? blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && shares(block.text, kind)) : -1;
  const within = home >= 0 ? new Set(blocks.slice(home + 1, sectionBounds(blocks, home))) : undefined;
  const terms = contentTerms(topic).map(stem).filter((term) => !/^(?:thing|stuff|part|bit)$/.test(term));
  if (terms.length === 0) return { part, reason: 'the feedback names nothing to find in the document' };
  const about = (text: string) => holdsTerms(text, terms);
  const removed: string[] = [];
  blocks.forEach((block) => {
    if (within && !within.has(block)) return;
    // A sentence about it goes, or only its clause about it when the rest is about something else (revise/clauseRemoval.ts).
    const trim = (text: string) => (about(text) ? (removed.push(text), withoutClause(text, about) ?? '') : text);
    if (block.type === 'paragraph') block.text = splitParagraph(block.text).map(trim).filter(Boolean).join(' ');
    else if (block.type === 'list') block.text = block.text.split('\n').map(trim).filter(Boolean).join('\n');
    // A blog post's description repeats its opening: what leaves the page leaves the description too.
    else if (block.type === 'frontmatter') block.text = block.text.replace(/^(description:\s*")(.*)("\s*)$/m, (_line, open: string, said: string, close: string) => `${open}${splitParagraph(said).filter((sentence) => !about(sentence)).join(' ')}${close}`);
  });
  if (removed.length === 0) return { part, reason: `the document says nothing about ${topic.trim()}` };
  const left = (content: string) => (within ? readableLines(renderBlocks([...within])) : readableLines(content)).some((line) => !/^#/.test(line) && about(line));
  return { part, change: { type: 'remove', removed: removed.length }, check: (content) => (left(content) ? `the document still mentions ${topic.trim()}` : undefined) };
}

/**
 * A document whose sections are one sentence each ("## Cold storage" / "We switched logs ...")
 * as one bulleted list of those sentences, after its opening paragraph.
 */
function sectionsAsList(blocks: Block[]): number {
  const starts = blocks.map((block, index) => (block.type === 'heading' && block.level === 2 ? index : -1)).filter((index) => index >= 0);
  const single = starts.filter((start) => sectionBounds(blocks, start) === start + 2 && blocks[start + 1]!.type === 'paragraph' && splitParagraph(blocks[start + 1]!.text).length === 1);
  if (single.length < 3 || single.length !== starts.length) return 0;
  const items = single.map((start) => `- ${blocks[start + 1]!.text}`);
  for (const start of [...single].reverse()) blocks.splice(start, 2);
  blocks.splice(single[0]!, 0, { type: 'list', text: items.join('\n') });
  return single.length;
}

export function toBullets(blocks: Block[]): ChangeOutcome {
  const part = 'format: bullet points';
  const letter = letterParts(blocks);
  if (letter) return letterAsBullets(blocks, letter, part);
  const post = postAsBullets(blocks, part);
  if (post) return post;
  let converted = 0;
  let seenProse = false;
  blocks.forEach((block, index) => {
    if (block.type !== 'paragraph') return;
    if (!seenProse) return void (seenProse = true);
    const parts = splitParagraph(block.text);
    if (parts.length < 2) return;
    converted += 1;
    blocks[index] = { type: 'list', text: parts.map((sentence) => `- ${sentence}`).join('\n') };
  });
  if (converted === 0) converted = sectionsAsList(blocks);
  if (converted === 0) return { part, reason: 'the document has no paragraph of several sentences beyond its opening one to turn into a list' };
  return { part, change: { type: 'format', paragraphs_to_lists: converted }, check: (content) => (readableLines(content).some((line) => /^- \S/.test(line)) ? undefined : 'the document has no bullet list') };
}

/**
 * A letter's body as bullets, the way an email lists its points: the opening line stays a sentence,
 * every later sentence of the body is an item; greeting, closing and sign-off stay as they are.
 */
function letterAsBullets(blocks: Block[], letter: LetterParts, part: string): ChangeOutcome {
  const body = blocks.slice(letter.bodyStart, letter.bodyEnd);
  const opening = body[0]?.type === 'paragraph' && body.length > 1 ? [body[0]] : [];
  const sentences = body.slice(opening.length).flatMap((block) => (block.type === 'paragraph' ? splitParagraph(block.text) : block.type === 'list' ? block.text.split('\n').map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')) : []));
  if (sentences.length < 2 || body.some((block) => block.type !== 'paragraph' && block.type !== 'list') || body.slice(opening.length).every((block) => block.type === 'list')) {
    return { part, reason: 'the letter has no two points in its body to list' };
  }
  blocks.splice(letter.bodyStart, body.length, ...opening, { type: 'list', text: sentences.map((sentence) => `- ${sentence}`).join('\n') });
  return { part, change: { type: 'format', paragraphs_to_lists: 1 }, check: (content) => (readableLines(content).some((line) => /^- \S/.test(line)) ? undefined : 'the document has no bullet list') };
}

export function toProse(blocks: Block[]): ChangeOutcome {
  const part = 'format: prose';
  let converted = 0;
  blocks.forEach((block, index) => {
    if (block.type !== 'list' || !block.text.split('\n').every((line) => /^- [^[]/.test(line))) return;
    converted += 1;
    blocks[index] = { type: 'paragraph', text: block.text.split('\n').map((line) => line.replace(/^- /, '').replace(/([^.!?])$/, '$1.')).join(' ') };
  });
  if (converted === 0) return { part, reason: 'the document has no plain bullet list to write as prose' };
  return { part, change: { type: 'format', lists_to_paragraphs: converted }, check: () => undefined };
}
