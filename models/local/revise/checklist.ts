import type { Block } from '../text/blocks.js';
import type { Sources } from '../text/sources.js';
import { withoutChatNoise } from './chatNoise.js';
import { noModel, readableLines, type ChangeOutcome } from './outcome.js';

/**
 * A checklist built from the material: the action items the document or the context holds
 * ("Tom Becker: call the Oakwood customers by 10am"), else the steps and rules it states
 * (sentences that tell someone what to do, or hold a figure a reader checks against). Never an
 * item the material does not hold.
 */
const commitment = /\b(?:I'll|I will|I can|I'm going to|I am going to|let me|we'll|we will|will|needs? to|has to|must|should|going to|owner|due|by (?:mon|tues|wednes|thurs|fri|satur|sun)day|by \d)/i;
const actionSection = /action|next step|to-?do|owner|task|follow[- ]?up/i;
const rule = /\b(?:must|should|always|never|every|within|at least|at most|no later than|before|after|make sure|check|confirm)\b|\d/i;
const speakerHeader = /^((?:[A-Z][\w.'’-]+)(?:\s+(?:(?:de|van|von|der|da|di|la|le)\s+)*[A-Z][\w.'’-]+)*)\s{2,}\d{1,2}:\d{2}\s*[AP]M\s*$/;
const speakerLine = /^(?:\[[^\]]*\]\s*)?((?:[A-Z][\w.'’-]+)(?:\s+(?:(?:de|van|von|der|da|di|la|le)\s+)*[A-Z][\w.'’-]+)*):\s+(.+)$/;

/** "I'll send van 7 to cover the route, it's back" -> "send van 7 to cover the route". */
function taskOf(text: string): string {
  return text
    .replace(/^(?:I'll|I will|I can|I'm going to|I am going to|let me|we'll|we will)\s+/i, '')
    .split(/,\s+(?:it'?s|it is|they|that|but|since|because)\b|;\s+/)[0]!
    .replace(/[.!?]+$/, '')
    .trim();
}

/** Action items in the context as "Owner: task", reading chat exports' speaker lines and headers. */
export function contextActions(context: string): string[] {
  const actions: string[] = [];
  let current = '';
  for (const raw of context.split('\n')) {
    const line = raw.trim();
    const header = speakerHeader.exec(line);
    if (header) {
      current = header[1]!;
      continue;
    }
    const spoken = speakerLine.exec(line);
    const who = spoken ? spoken[1]! : current;
    const said = withoutChatNoise(spoken ? spoken[2]! : line);
    if (!who || !/^(?:I'll|I will|I can|I'm going to|I am going to|let me)\b/i.test(said)) continue;
    actions.push(`${who}: ${taskOf(said)}`);
  }
  return actions;
}

function documentActions(blocks: Block[]): string[] {
  const found: string[] = [];
  let section = '';
  for (const block of blocks) {
    if (block.type === 'heading') section = block.text;
    if (!actionSection.test(section)) continue;
    if (block.type === 'list') for (const line of block.text.split('\n')) found.push(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, ''));
    if (block.type === 'table') {
      const rows = block.text.split('\n').filter((row) => !/^\s*\|[\s:|-]+\|\s*$/.test(row)).slice(1);
      for (const row of rows) found.push(row.split('|').map((cell) => cell.trim()).filter(Boolean).join(' — '));
    }
  }
  return found.filter((item) => item.trim() !== '');
}

function materialSteps(sources: Sources, blocks: Block[]): string[] {
  const documentText = blocks.filter((block) => block.type === 'paragraph' || block.type === 'list').map((block) => block.text).join('\n');
  const candidates = [...sources.sentences.map((sentence) => sentence.text), ...documentText.split(/\n|(?<=[.!?])\s+/)];
  return candidates
    .map((text) => withoutChatNoise(text.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')).replace(/[.!?]+$/, '').trim())
    .filter((text) => text.split(/\s+/).length >= 4 && (commitment.test(text) || rule.test(text)) && !/^#|^\|/.test(text));
}

/**
 * Items once each: the document's "**Jan de Vries**: Send van 7 to cover the north route, it's
 * back from service" and the chat's "Jan de Vries: send van 7 to cover the north route" are one
 * item (the words of one hold the other's), kept as the document wrote it.
 */
function unique(items: string[]): string[] {
  const seen: string[] = [];
  return items.filter((item) => {
    const key = ` ${item.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;
    if (key.trim() === '' || seen.some((taken) => taken.includes(key) || key.includes(taken))) return false;
    seen.push(key);
    return true;
  });
}

const checklistHeading = 'Checklist';

/** Adds a "## Checklist" built from the material; the outcome checks the final content holds it. */
export function addChecklist(blocks: Block[], sources: Sources, context: string, at: 'start' | 'end'): ChangeOutcome {
  const part = 'add_checklist';
  const actions = unique([...documentActions(blocks), ...contextActions(context)]);
  // Steps and rules only when the material holds fewer than two actions: a checklist of who does what, else of what to check.
  const items = (actions.length >= 2 ? actions : unique([...actions, ...materialSteps(sources, blocks)])).slice(0, 8);
  if (items.length < 2) return { part, reason: `the document and the material hold no actions, steps or rules to check off; ${noModel}` };
  const added: Block[] = [
    { type: 'heading', level: 2, text: checklistHeading },
    { type: 'list', text: items.map((item) => `- [ ] ${item.charAt(0).toUpperCase()}${item.slice(1)}`).join('\n') },
  ];
  if (at === 'start') {
    const title = blocks.findIndex((block) => block.type === 'heading' && block.level === 1);
    blocks.splice(title + 1, 0, ...added);
  } else blocks.push(...added);
  return {
    part,
    change: { type: 'add_checklist', items: items.length },
    check: (content) => {
      const lines = readableLines(content);
      const start = lines.findIndex((line) => /^##\s+Checklist\s*$/.test(line));
      if (start < 0) return 'the document has no checklist section';
      const boxes = lines.slice(start + 1).filter((line) => /^- \[ \] \S/.test(line)).length;
      if (boxes < 2) return 'the checklist has fewer than two items';
      if (at === 'end' && lines.slice(start + 1).some((line) => /^#{1,2}\s/.test(line))) return 'the checklist is not at the end';
      return undefined;
    },
  };
}
