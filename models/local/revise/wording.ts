import type { Block } from '../text/blocks.js';
import { capitalize } from '../text/phrases.js';
import { saysLine } from '../text/contractions.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';
import { sectionBounds } from './structure.js';
import { letterParts } from './letter.js';

/**
 * Revisions that give the words themselves: a new title ("title should be: Loomly raises €4M",
 * "change the title to ...", "call it ..."), a section named by its place ("drop the last
 * section", "remove the second section"), and a part added with its text ("add a short
 * conclusion: overall worth it", "add a bit about pricing: free shipping over 50 eur").
 */

/** "title should be: X", "change the title to X", "use the title 'X'", "rename it to X", "call it X", "new title: X" (global: use `matchAll`). */
export const newTitle = /\b(?:(?:the\s+)?(?:title|headline|subject(?:\s+line)?)\s+(?:should\s+be|must\s+be|to\s+be|could\s+be)\s*:?|(?:change|set|make|rename|update)\s+the\s+(?:title|headline|heading|subject(?:\s+line)?)\s+to|use\s+(?:the\s+|a\s+)?(?:title|headline)(?:\s+like)?|rename\s+it\s+to|call\s+it|new\s+(?:title|headline)\s*:)\s*["'“‘]?([^"'”’\n]{3,120}?)["'”’]?\s*(?:[.!]\s|[.!]?$)/gi;

/** "drop the last section", "remove the first section", "cut the 2nd section" (global: use `matchAll`). */
export const placedSection = /\b(?:remove|drop|delete|cut|lose)\s+the\s+(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final|penultimate)\s+(?:section|part|heading|ticket|story|user\s+story|phase|milestone)\b/gi;

/** "add a short conclusion: overall worth it", "add a bit about pricing: free shipping ...", "add a line: ...", "add a line at the top: ..." (global: use `matchAll`). */
export const addedText = /\badd\s+(?:a|an|one)\s+(?:(?:short|brief|quick|small)\s+)?(conclusion|summary|intro(?:duction)?|closing(?:\s+line)?|bit|line|note|paragraph|section|sentence|ps|p\.s\.)(?:\s+(?:about|on)\s+([^:]{2,40}?))?(?:\s+(?:at|to)\s+the\s+(?:top|start|beginning|end|bottom))?\s*:\s*(.+?)\s*$/gim;
// "add a line at the top: ...": the line opens the document, under its title.
const atTop = /\b(?:at|to)\s+the\s+(?:top|start|beginning)\s*:/i;

/** Replaces the document's title (its first heading, or an email's subject line) with the client's words. */
export function retitle(blocks: Block[], title: string): ChangeOutcome {
  const wanted = title.trim().replace(/[.]$/, '');
  const part = `title: ${wanted}`;
  const heading = blocks.find((block) => block.type === 'heading' && block.level === 1);
  // The front matter's title names the page too (a blog post's SEO title).
  const front = blocks.find((block) => block.type === 'frontmatter');
  if (front) front.text = front.text.replace(/^title:\s*.*$/m, `title: ${JSON.stringify(wanted)}`);
  if (heading) heading.text = wanted;
  else {
    const subject = blocks.find((block) => block.type === 'paragraph' && /^\*\*Subject:\*\*/.test(block.text));
    if (!subject) return failed(part, 'the document has no title or subject line to change');
    subject.text = `**Subject:** ${wanted}`;
  }
  return { part, check: (content) => (readableLines(content).some((line) => line === `# ${wanted}` || line === `**Subject:** ${wanted}`) ? undefined : 'the title is not the one asked for') };
}

const places: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4, last: -1, final: -1, penultimate: -2 };

/** Numbered sections ("## 2. Respect OS setting") count from 1 again after one is removed. */
function renumber(blocks: Block[]): void {
  const numbered = blocks.filter((block) => block.type === 'heading' && block.level === 2 && /^\d+\.\s/.test(block.text));
  if (numbered.length !== blocks.filter((block) => block.type === 'heading' && block.level === 2).length) return;
  numbered.forEach((block, index) => (block.text = block.text.replace(/^\d+/, String(index + 1))));
}

/** Removes the section at a place ("the last section": the last `##` section). */
export function removePlaced(blocks: Block[], place: string): ChangeOutcome {
  const part = `remove section: the ${place.toLowerCase()}`;
  const starts = blocks.map((block, index) => (block.type === 'heading' && block.level === 2 ? index : -1)).filter((index) => index >= 0);
  const at = places[place.toLowerCase()]!;
  const start = at < 0 ? starts[starts.length + at] : starts[at];
  if (start === undefined) return failed(part, `the document has ${starts.length} section(s)`);
  const heading = blocks[start]!.text;
  blocks.splice(start, sectionBounds(blocks, start) - start);
  renumber(blocks);
  return { part: `${part} ("${heading}")`, check: (content) => (readableLines(content).includes(`## ${heading}`) ? `the "${heading}" section is still there` : undefined) };
}

/** Adds the text the feedback gives: a conclusion or summary as a section of its own at the end, a line or a bit after the body. */
export function addGiven(blocks: Block[], what: string, topic: string | undefined, text: string, asked = ''): ChangeOutcome {
  const said = capitalize(text.trim().replace(/^["'“‘]|["'”’]$/g, '')).replace(/(?<![.!?])$/, '.');
  const part = `add ${what.toLowerCase()}${topic ? ` about ${topic}` : ''}: ${said}`;
  const kind = what.toLowerCase();
  if (/^(?:conclusion|summary|section)$/.test(kind) || (kind === 'bit' && topic)) {
    const heading = kind === 'conclusion' ? 'Conclusion' : kind === 'summary' ? 'Summary' : capitalize(topic ?? 'More');
    // Before a closing call to action (a bold last line), else at the end.
    const last = blocks.length - 1;
    const at = last >= 0 && blocks[last]!.type === 'paragraph' && /^\*\*[^*]+\*\*$/.test(blocks[last]!.text.trim()) ? last : blocks.length;
    blocks.splice(at, 0, { type: 'heading', level: 2, text: heading }, { type: 'paragraph', text: said });
  } else if (/^p\.?s\.?$/.test(kind)) {
    // A postscript says it is one: "P.S. Parking is free after 6pm.", after the sign-off.
    // A second one is "P.P.S.", as a letter writer numbers them.
    const before = blocks.filter((block) => block.type === 'paragraph' && /^P\.(?:P\.)*S\./.test(block.text.trim())).length;
    blocks.push({ type: 'paragraph', text: `${'P.'.repeat(before)}P.S. ${said}` });
  } else if (/^intro/.test(kind) || atTop.test(asked)) {
    // An email's opening line is its first under the greeting, never above its subject line.
    const letter = letterParts(blocks);
    const title = blocks.findIndex((block) => block.type === 'heading' && block.level === 1);
    const front = blocks.findIndex((block) => block.type === 'frontmatter');
    blocks.splice(letter ? letter.bodyStart : Math.max(title, front) + 1, 0, { type: 'paragraph', text: said });
  } else {
    blocks.push({ type: 'paragraph', text: said });
  }
  return { part, check: (content) => (saysLine(content, said.replace(/[.]$/, '')) ? undefined : 'the document does not say it') };
}
