import { contentTerms, stem } from '../../../quality/text.js';
import type { Block } from '../text/blocks.js';
import { capitalize, literal } from '../text/phrases.js';
import { saysLine } from '../text/contractions.js';
import { readableLines, type ChangeOutcome } from './outcome.js';
import { sectionBounds } from './structure.js';

/**
 * "add the pricing: $20 per seat per month", "include the zoom link: https://...", "add a link to
 * the pricing page: acme.io/pricing": a value the client gives under a name, for the revision to
 * add as a line of its own ("Pricing: $20 per seat per month."). The names of the parts other
 * rules add ("add a note: ...", "add a ticket: ...", "add a question: ...", "add an action item:
 * ...") are not labels, nor "the dates to each phase: ..." (revisionRequest.ts reads dates) (global:
 * use `matchAll`).
 */
export const addedLabelled =
  /\b(?:add|include|put\s+in|mention)\s+(?:the|our|a|an|my)\s+(?!(?:(?:short|brief|quick|small|new)\s+)?(?:conclusion|summary|intro(?:duction)?|closing|bit|line|note|paragraph|section|part|sentence|ps|p\.s\.|ticket|issue|bug|question|faq|q\s*&\s*a|action|to-?do|task|follow[- ]?up|next\s+step|call\s+to\s+action|cta|title|subject|heading|headline|example|checklist|dates|(?:bullet(?:ed)?\s+|numbered\s+)?list)\b)(?![\w'’ -]*\b(?:each|every|all)\b[\w'’ -]*:)([a-z][\w'’ -]{1,40}?)\s*:\s+(\S.*?)\s*(?=$|[.!?;](?:\s|$)|,?\s+(?:and|then|also|plus)\s+(?:please\s+)?(?:sign|make|add|remove|drop|cut|use|change|put|move|mention|include|shorten|keep|fix|replace)\b)/gim;

/** The line a labelled value is added as: "link to the pricing page", "acme.io/pricing" -> "Pricing page: acme.io/pricing." */
export function labelledLine(label: string, value: string): string {
  const name = label.trim().replace(/^link\s+to\s+(?:the|our|my)\s+/i, '');
  const said = value.trim().replace(/[.!?;]+$/, '');
  return `${capitalize(name)}: ${said}${/[a-z0-9)]$/i.test(said) && !/\/|\.\w+$/.test(said) ? '.' : ''}`;
}

/** Labels that name a kind of item a document lists under its own heading ("add a decision: ..."). */
const listedKinds = /^(?:decision|risk|blocker|next step|highlight|takeaway|lesson|open question|concern|win|dependency|assumption|goal|metric)s?$/i;
/** Sections a new list goes before: the ones that close a summary. */
const closing = /^(?:topics|participants|attendees|sources|references)$/i;

/**
 * "add a decision: we keep the current pricing": an item under the section its label names
 * ("## Decisions"), written as its other items are, or a new section of that name where the
 * document has sections and none is for it. Undefined when the label names no listed kind or the
 * document has no sections (the value is then a labelled line).
 */
export function addListed(blocks: Block[], label: string, value: string): ChangeOutcome | undefined {
  const kind = label.trim().toLowerCase();
  if (!listedKinds.test(kind)) return undefined;
  const singular = kind.replace(/s$/, '');
  const line = capitalize(value.trim()).replace(/[.!?;]+$/, '');
  const part = `add ${singular}: ${line}`;
  const start = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && new RegExp(`^${literal(singular)}s?\\b`, 'i').test(block.text.trim()));
  if (start >= 0) {
    const end = sectionBounds(blocks, start);
    const list = blocks.slice(start + 1, end).find((block) => block.type === 'list');
    const box = list && /^\s*[-*+]\s+\[[ xX]\]/.test(list.text) ? '[ ] ' : '';
    if (list) list.text = `${list.text}\n- ${box}${line}`;
    else blocks.splice(start + 1, 0, { type: 'list', text: `- ${line}` });
    return listed(part, line, singular);
  }
  if (!blocks.some((block) => block.type === 'heading' && block.level === 2)) return undefined;
  const before = blocks.findIndex((block) => block.type === 'heading' && block.level === 2 && closing.test(block.text.trim()));
  const section: Block[] = [{ type: 'heading', level: 2, text: capitalize(`${singular}s`) }, { type: 'list', text: `- ${line}` }];
  blocks.splice(before >= 0 ? before : blocks.length, 0, ...section);
  return listed(part, line, singular);
}

/** The outcome of an added item; the deliverable's list of that kind gets it too ("decisions", "risks", "open_questions"). */
function listed(part: string, line: string, kind: string): ChangeOutcome {
  return {
    part,
    check: (content) => (readableLines(content).some((text) => text.endsWith(line)) ? undefined : `the document does not list "${line}"`),
    edit: (deliverable) => {
      const items = deliverable.data[`${kind.replace(/\s+/g, '_')}s`];
      if (!Array.isArray(items)) return;
      items.push(kind === 'decision' ? { text: line, source: null } : line);
    },
  };
}

/**
 * "add a link to the webinar signup: acme.io/webinar" in a newsletter with a "## Webinar on Dec 5"
 * section: the line goes at the end of the section its label is about. Undefined when no heading
 * shares a word with the label.
 */
export function addUnder(blocks: Block[], label: string, line: string): ChangeOutcome | undefined {
  const terms = new Set(contentTerms(label.replace(/^link\s+to\s+(?:the|our|my)\s+/i, '')).map(stem).filter((term) => !/^(?:link|page|url|site|website|detail)$/.test(term)));
  if (terms.size === 0) return undefined;
  const start = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && contentTerms(block.text).map(stem).some((term) => terms.has(term)));
  if (start < 0) return undefined;
  blocks.splice(sectionBounds(blocks, start), 0, { type: 'paragraph', text: line });
  return { part: `add fact: ${line}`, check: (content) => (saysLine(content, line) ? undefined : 'the document does not say it') };
}
