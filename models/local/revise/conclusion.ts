import { splitParagraph, type Block } from '../text/blocks.js';
import { compromise } from '../text/compromise.js';
import { isHashtagLine } from './email.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * "add a conclusion", "it needs a conclusion", "add a short wrap-up at the end", "add a closing
 * paragraph": a last section that gathers what the document says, one point from each of its parts
 * (its opening and each section's first line), and, for a title that argues ("Why small teams should
 * write design docs"), the point it argues. Made of the document's own lines only. A conclusion
 * the feedback words itself ("add a short conclusion: ...") is wording.ts `addedText`.
 */
export const addedConclusion =
  /\b(?:add|include|write|need|needs|want|give\s+it|put\s+in|end\s+with|finish\s+with|close\s+with)\s+(?:a|an|some\s+kind\s+of)\s+(?:short\s+|brief\s+|proper\s+|quick\s+|real\s+|clear\s+)?(?:conclusion|concluding\s+(?:section|paragraph|part)|wrap[- ]?up|closing\s+(?:section|paragraph)|recap|summary\s+at\s+the\s+end)(?:\s+section)?\b(?!\s*(?:saying|that\s+says)\b|\s*[:\-–—]\s*\S)|\bno\s+conclusion\b|\bconclusion\s+is\s+missing\b/i;

/** Headings of a part that already concludes. */
const concluding = /^(?:conclusion|in conclusion|summary|in summary|in short|wrapping up|wrap-?up|final thoughts|takeaways?|key takeaways|the bottom line|recap|to sum up)\b/i;
/** Sections that close a document and stay after the conclusion. */
const trailing = /^(?:sources|references|further reading|participants|attendees|topics|tags|appendix|faq|what to do next|your next step|next steps?|get started|call to action)\b/i;

export function addConclusion(blocks: Block[]): ChangeOutcome {
  const part = 'add conclusion';
  if (letterParts(blocks)) return failed(part, 'an email or letter ends with its call to action and sign-off, not a conclusion; say what the last line should say (e.g. "add: In short, the offsite is on Friday")');
  const headed = blocks.flatMap((block, index) => (block.type === 'heading' && block.level === 2 ? [index] : []));
  const done = headed.find((index) => concluding.test(blocks[index]!.text.trim()));
  if (done !== undefined) return failed(part, `the document has a conclusion already ("${blocks[done]!.text.trim()}")`);
  const end = headed.find((index) => trailing.test(blocks[index]!.text.trim())) ?? tagsAt(blocks);
  const title = blocks.find((block) => block.type === 'heading' && block.level === 1)?.text.trim() ?? '';
  const outline = blocks.some((block) => block.type === 'paragraph' && /^\*(?:Starting outline|Nothing here is invented)\b/.test(block.text.trim()));
  let body: Block;
  if (outline) {
    // An outline's parts are notes of what to write: its conclusion is one more note.
    body = { type: 'list', text: `- Sum up the case in two or three sentences${title ? `: ${lowerStart(title)}` : ''}, and the one thing the reader should remember.` };
  } else {
    const points = firstLines(blocks.slice(0, end ?? blocks.length));
    const argued = /^(?:why|how)\s+/i.test(title) ? `That is ${lowerStart(title).replace(/[.?!]$/, '')}.` : '';
    if (points.length === 0 && !argued) return failed(part, 'the document has no lines to gather into a conclusion');
    body = { type: 'paragraph', text: [...points, argued].filter(Boolean).join(' ') };
  }
  const heading: Block = { type: 'heading', level: 2, text: 'Conclusion' };
  blocks.splice(end ?? blocks.length, 0, heading, body);
  return { part, change: { type: 'add_section', section: 'Conclusion' }, check: (content) => (readableLines(content).includes('## Conclusion') ? undefined : 'the document has no conclusion') };
}

/** The opening's first sentence and each section's, at most four: the points the document makes. */
export function firstLines(blocks: Block[]): string[] {
  const points: string[] = [];
  let taken = false;
  for (const block of blocks) {
    if (block.type === 'heading') taken = false;
    if (taken || (block.type !== 'paragraph' && block.type !== 'list') || isHashtagLine(block.text) || /^\*[^*]/.test(block.text.trim())) continue;
    const first = block.type === 'list' ? block.text.split('\n')[0]!.replace(/^\s*(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/, '') : splitParagraph(block.text)[0]!;
    // A fragment ("Same place.") makes no point; a line with a verb or a figure does.
    if (!first || !(/\d/.test(first) || compromise()(first).has('#Verb'))) continue;
    const point = /[.!?]$/.test(first.trim()) ? first.trim() : `${first.trim()}.`;
    // A line two sections repeat ("Launch by March 28." under the roadmap and the release plan) is one point.
    if (!points.includes(point)) points.push(point);
    taken = true;
  }
  return points.slice(0, 4);
}

function tagsAt(blocks: Block[]): number | undefined {
  const at = blocks.findLastIndex((block) => block.type === 'paragraph' && isHashtagLine(block.text));
  return at >= 0 ? at : undefined;
}

function lowerStart(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
