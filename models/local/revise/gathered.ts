import { splitParagraph, type Block } from '../text/blocks.js';
import { capitalize } from '../text/phrases.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';
import { sectionBounds } from './structure.js';

/**
 * "add a blockers section", "add a next steps section": a section of a kind the document already
 * holds under another name. The blockers a status update or standup names ("Blocked on legal
 * review", "Ana: blocked on API keys") are gathered under "## Blockers", each once, where they
 * were (before, the section was looked up in the material by the word "blockers", found nothing,
 * and nothing changed). The action items of a summary ("Tom Reed: Confirm the billing changes
 * (due Sept 7)") are the next steps: their section is so headed, owners and dates kept, never
 * listed twice. `undefined` when the document holds nothing of the kind (the material is looked
 * up as before).
 */

const blockerKind = /^(?:blockers?|blocked(?:\s+items)?|impediments|what(?:'s|\s+is)\s+block(?:ing|ed))$/i;
const actionKind = /^(?:next\s+(?:steps?|actions?)|action\s+items?|actions|to-?dos?|follow[- ]?ups?|tasks|what(?:'s|\s+is)\s+next|owners(?:\s+and\s+dates)?)$/i;

const blocked = /\b(?:blocked|blockers?|blocking|waiting\s+(?:on|for)|stuck\s+on|held\s+up\s+by|depends\s+on|can(?:'|no)?t\s+(?:start|ship|continue|proceed|move)\s+until)\b/i;
const unblocked = /\bno\s+blockers?\b|\bnot\s+blocked\b|\bunblocked\b|\bnothing\s+(?:is\s+)?blocking\b|\bno\s+longer\s+blocked\b/i;
// Sections that hold blockers or risks: the new section takes their place.
const riskHeading = /\b(?:blockers?|risks?|issues|concerns)\b/i;
// Sections a blockers section goes before when no risk section is there.
const laterHeading = /^(?:next\s+(?:steps?|actions?|week)|action\s+items?|topics|participants|attendees)\b/i;

/** "add a next steps section at the end": the place the feedback gives the new section. */
export const atTheEnd = /\b(?:at|to)\s+the\s+(?:end|bottom)\b/i;

/** The section the feedback names, when it is a kind the document holds (moved `last` when asked); else `undefined`. */
export function gatherSection(blocks: Block[], topic: string, last = false): ChangeOutcome | undefined {
  const name = topic.trim().replace(/^(?:the|a|an|our|some)\s+/i, '');
  const outcome = blockerKind.test(name) ? gatherBlockers(blocks) : actionKind.test(name) ? headActions(blocks, capitalize(name.toLowerCase()), topic) : undefined;
  const heading = outcome?.change?.heading;
  const start = blocks.findIndex((block) => block.type === 'heading' && block.level === 2 && block.text === heading);
  if (last && start >= 0) blocks.push(...blocks.splice(start, sectionBounds(blocks, start) - start));
  return outcome;
}

interface Found {
  block: Block;
  line: string;
  /** What the line keeps once its blocker goes ('' when the whole line goes). */
  rest: string;
  item: string;
}

function gatherBlockers(blocks: Block[]): ChangeOutcome | undefined {
  const part = 'add section: blockers';
  const existing = blocks.findIndex((block) => block.type === 'heading' && block.level === 2 && /^blockers?$/i.test(block.text));
  const found: Found[] = [];
  blocks.forEach((block, index) => {
    if (block.type !== 'list' || (existing >= 0 && index > existing && index < sectionBounds(blocks, existing))) return;
    for (const line of block.text.split('\n')) {
      const text = line.replace(/^\s*[-*+]\s+(?:\[[ x]\]\s+)?/, '');
      if (!blocked.test(text) || unblocked.test(text)) continue;
      // "Ana: yesterday finished the export. blocked on API keys": the blocker only, with whose it is.
      const owner = /^(\*\*[^*]+\*\*:|[A-Z][\w.' -]{0,30}:)\s*/.exec(text)?.[0] ?? '';
      // "finished invoice export, starting csv import, waiting on api keys": a standup line's clauses are its sentences.
      const sentences = splitParagraph(text.slice(owner.length)).flatMap((sentence) => (owner ? sentence.split(/(?<=[^\d]),\s+(?=[a-z])/i) : [sentence]));
      const blocking = sentences.filter((sentence) => blocked.test(sentence) && !unblocked.test(sentence));
      const others = sentences.filter((sentence) => !blocking.includes(sentence));
      const said = blocking.join(' ');
      const joined = owner ? others.join(', ') : others.join(' ');
      found.push({ block, line, rest: others.length > 0 ? line.replace(text, `${owner}${joined}`) : '', item: `- ${owner}${(owner ? said : capitalize(said)).replace(/[,;]$/, '')}` });
    }
  });
  if (found.length === 0) return existing >= 0 ? failed(part, 'the document has a "Blockers" section already') : undefined;
  const holders = [...new Set(found.map((entry) => entry.block))].map((block) => headingOf(blocks, block)).filter((index) => index >= 0);
  // What is left of a line under "Blockers and risks" ("Ana: finished invoice export") is an update: it goes to the summary.
  const summary = blocks.find((block, index) => block.type === 'list' && /^(?:summary|highlights|updates|highlights and updates|progress|done)$/i.test(String(blocks[headingOf(blocks, block)]?.text ?? '')) && index >= 0);
  for (const entry of found) {
    const moves = entry.rest !== '' && summary !== undefined && summary !== entry.block && riskHeading.test(String(blocks[headingOf(blocks, entry.block)]?.text ?? ''));
    entry.block.text = entry.block.text.split('\n').map((line) => (line === entry.line ? (moves ? '' : entry.rest) : line)).filter((line) => line !== '').join('\n');
    if (moves) summary!.text = `${summary!.text}\n${entry.rest}`;
  }
  const items = found.map((entry) => entry.item).join('\n');
  if (existing >= 0) {
    const list = blocks.slice(existing + 1, sectionBounds(blocks, existing)).find((block) => block.type === 'list');
    if (list) list.text = `${list.text}\n${items}`;
    else blocks.splice(existing + 1, 0, { type: 'list', text: items });
  } else {
    const risks = holders.find((index) => riskHeading.test(blocks[index]!.text));
    const later = blocks.findIndex((block) => block.type === 'heading' && block.level === 2 && laterHeading.test(block.text));
    const at = risks ?? (later >= 0 ? later : blocks.length);
    blocks.splice(at, 0, { type: 'heading', level: 2, text: 'Blockers' }, { type: 'list', text: items });
    // "Blockers and risks" keeps its risks as "Risks"; a section left with nothing goes.
    if (risks !== undefined) {
      const heading = blocks[risks + 2] as Block & { type: 'heading' };
      heading.text = capitalize(heading.text.replace(/\bblockers?\s+(?:and|&)\s+|\s+(?:and|&)\s+blockers?\b/i, '').trim());
      if (blocks.slice(risks + 3, sectionBounds(blocks, risks + 2)).every((block) => block.text.trim() === '')) blocks.splice(risks + 2, sectionBounds(blocks, risks + 2) - (risks + 2));
    }
  }
  for (let index = blocks.length - 1; index >= 0; index -= 1) if (blocks[index]!.type === 'list' && blocks[index]!.text.trim() === '') blocks.splice(index, 1);
  const wanted = found.map((entry) => entry.item);
  return {
    part,
    change: { type: 'add_section', heading: 'Blockers', items: wanted.length },
    check: (content) => (sectionLines(content, /^blockers?$/i).filter((line) => wanted.includes(line)).length === wanted.length ? undefined : 'the "Blockers" section does not list the blockers'),
  };
}

/** The action items' section headed as asked ("Next steps"), where it was. */
function headActions(blocks: Block[], heading: string, topic: string): ChangeOutcome | undefined {
  const part = `add section: ${topic}`;
  const sections = blocks.filter((block): block is Block & { type: 'heading'; level: number } => block.type === 'heading' && block.level === 2 && actionKind.test(block.text));
  if (sections.some((block) => block.text.toLowerCase() === heading.toLowerCase())) return failed(part, `the document has a "${heading}" section already`);
  const section = sections[0];
  if (!section) return undefined;
  const was = section.text;
  section.text = heading;
  return {
    part: `${part} (the ${was.toLowerCase()}, under that heading)`,
    change: { type: 'add_section', heading, from: was },
    check: (content) => (sectionLines(content, new RegExp(`^${heading}$`, 'i')).some((line) => line.trim() !== '') ? undefined : `the document has no "${heading}" section`),
  };
}

/** The index of the heading over `block`, or -1. */
function headingOf(blocks: Block[], block: Block): number {
  for (let index = blocks.indexOf(block); index >= 0; index -= 1) if (blocks[index]!.type === 'heading' && (blocks[index] as { level: number }).level === 2) return index;
  return -1;
}

/** The lines of the `##` section whose heading matches `heading`. */
function sectionLines(content: string, heading: RegExp): string[] {
  const lines = readableLines(content);
  const start = lines.findIndex((line) => /^##\s/.test(line) && heading.test(line.replace(/^##\s+/, '')));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && /^#{1,2}\s/.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((line) => line.trim() !== '');
}
