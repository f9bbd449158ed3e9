import { splitParagraph, type Block } from '../text/blocks.js';
import { capitalize, literal } from '../text/phrases.js';
import { letterParts } from './letter.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';
import { sectionBounds } from './structure.js';

/**
 * Lists as people ask for them in a revision: a list given in the feedback ("add a bullet list of
 * what to pack: laptop, charger, headphones"), points numbered, action items as a table, a
 * section's bullets as one paragraph, and an item marked done.
 */

/** Group 1: what the list is of; group 2: its items, separated by commas, semicolons or "and". */
export const addedList = /\badd\s+(?:a\s+)?(?:short\s+)?(?:bullet(?:ed)?\s+|numbered\s+)?list\s+(?:of\s+)?([^:\n]{2,60}?)\s*:\s*(.+?)\s*$/im;

/** "What to pack:" and its items, after the body (an email's, before its closing) or at the end. */
export function addList(blocks: Block[], of: string, said: string): ChangeOutcome {
  const items = said.split(/\s*(?:,|;|\band\b)\s*/).map((item) => item.trim().replace(/[.!]+$/, '')).filter(Boolean);
  const lead = `${capitalize(of.trim().replace(/^(?:the|a|an)\s+/i, ''))}:`;
  const part = `add list: ${lead} ${items.join(', ')}`;
  if (items.length < 2) return failed(part, 'the feedback gives fewer than two items for the list');
  const list = items.map((item) => `- ${capitalize(item)}`).join('\n');
  const letter = letterParts(blocks);
  const at = letter ? letter.bodyEnd : blocks.length;
  blocks.splice(at, 0, { type: 'paragraph', text: lead }, { type: 'list', text: list });
  return { part, check: (content) => (content.includes(list) ? undefined : 'the document does not have the list') };
}

/** "number the points", "make it a numbered list", "numbered steps please". */
export const numbered = /\bnumber\s+(?:the\s+|them|each)\s*(?:points?|items?|steps?|bullets?|lines?|list)?\b|\bnumbered\s+(?:list|points|steps|items)\b|\bmake\s+(?:it|them|the\s+\w+)\s+(?:a\s+)?numbered\b/i;

/** Every plain bullet list becomes a numbered one; a letter's body sentences become numbered points when it has no list. */
export function numberLists(blocks: Block[]): ChangeOutcome {
  const part = 'format: numbered list';
  let converted = 0;
  for (const block of blocks) {
    if (block.type !== 'list' || !block.text.split('\n').every((line) => /^[-*+] (?!\[[ xX]\])/.test(line))) continue;
    block.text = block.text.split('\n').map((line, index) => line.replace(/^[-*+] /, `${index + 1}. `)).join('\n');
    converted += 1;
  }
  const letter = converted === 0 ? letterParts(blocks) : undefined;
  if (letter) {
    const body = blocks.slice(letter.bodyStart, letter.bodyEnd);
    const opening = body[0]?.type === 'paragraph' && body.length > 1 ? 1 : 0;
    const sentences = body.slice(opening).flatMap((block) => (block.type === 'paragraph' ? splitParagraph(block.text) : []));
    if (sentences.length >= 2 && body.slice(opening).every((block) => block.type === 'paragraph')) {
      blocks.splice(letter.bodyStart + opening, body.length - opening, { type: 'list', text: sentences.map((sentence, index) => `${index + 1}. ${sentence}`).join('\n') });
      converted = 1;
    }
  }
  if (converted === 0) return failed(part, 'the document has no bullet list or points to number');
  return { part, change: { type: 'format', numbered: converted }, check: (content) => (readableLines(content).some((line) => /^1\. \S/.test(line)) ? undefined : 'the document has no numbered list') };
}

/** "turn the action items into a table", "action items as a table". */
export const actionTable = /\b(?:turn|make|put|format|show|give\s+me|lay\s+out)\s+(?:the\s+)?(?:action\s+items?|to-?dos?|tasks|next\s+steps)\s+(?:into|as|in)\s+a\s+table\b|\b(?:action\s+items?|to-?dos?|tasks|next\s+steps)\s+(?:as|in)\s+a\s+table\b/i;

/** The action list ("- [ ] **Owner**: Task (due X)") as a table of owner, task and due date. */
export function actionsAsTable(blocks: Block[]): ChangeOutcome {
  const part = 'format: action items as a table';
  const heading = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && /action|to-?do|next step|task/i.test(block.text));
  const list = heading >= 0 ? blocks.slice(heading + 1, sectionBounds(blocks, heading)).find((block) => block.type === 'list') : undefined;
  if (!list) return failed(part, 'the document has no list of action items');
  const rows = list.text.split('\n').map((line) => {
    const text = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '');
    const owned = /^\*\*([^*]+)\*\*:?\s*(.*)$/.exec(text);
    const rest = owned ? owned[2]! : text;
    const due = /\s*\((?:due|by)\s+([^)]+)\)\s*$/.exec(rest);
    const cell = (value: string) => value.replace(/\|/g, '\\|').trim();
    return `| ${cell(owned?.[1] ?? '')} | ${cell(due ? rest.slice(0, due.index) : rest)} | ${cell(due?.[1] ?? '')} |`;
  });
  const table = ['| Owner | Task | Due |', '| --- | --- | --- |', ...rows].join('\n');
  blocks.splice(blocks.indexOf(list), 1, { type: 'table', text: table });
  return { part, change: { type: 'format', table: 'action_items' }, check: (content) => (content.includes('| Owner | Task | Due |') ? undefined : 'the document has no table of action items') };
}

/** "make the summary one paragraph", "write the summary as a paragraph". Group 1 or 2: the section. */
export const sectionAsParagraph = /\bmake\s+the\s+([a-z][\w ]*?)\s+(?:section\s+)?(?:into\s+)?(?:one|a\s+single|a)\s+paragraph\b|\b(?:write|turn|put)\s+the\s+([a-z][\w ]*?)\s+(?:section\s+)?(?:as|into|in)\s+(?:a\s+|one\s+)?paragraph\b/i;

/** The bullets of the section named `name` as one paragraph of sentences. */
export function sectionProse(blocks: Block[], name: string): ChangeOutcome {
  const part = `format: ${name.trim()} as a paragraph`;
  const heading = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && new RegExp(`^${literal(name.trim())}`, 'i').test(block.text.trim()));
  if (heading < 0) return failed(part, `the document has no section called ${name.trim()}`);
  const list = blocks.slice(heading + 1, sectionBounds(blocks, heading)).find((block) => block.type === 'list');
  if (!list) return failed(part, `the ${name.trim()} section has no list to write as a paragraph`);
  const text = list.text.split('\n').map((line) => capitalize(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '').trim()).replace(/([^.!?])$/, '$1.')).join(' ');
  blocks.splice(blocks.indexOf(list), 1, { type: 'paragraph', text });
  return { part, change: { type: 'format', paragraph: name.trim() }, check: (content) => (content.includes(text) ? undefined : 'the section is still a list') };
}

/** "mark Priya's item as done", "Priya's task is done". Group 1 or 2: the person. */
export const markedDone = /\b(?:mark|tick|check\s+off|close)\s+(\p{L}[\p{L}'’-]*)['’]s\s+(?:action\s+item|item|task|to-?do|one)\s+(?:as\s+)?(?:done|complete(?:d)?|finished)\b|\b(\p{L}[\p{L}'’-]*)['’]s\s+(?:action\s+item|item|task|to-?do)\s+is\s+(?:done|complete(?:d)?|finished)\b/iu;

/** Ticks the box of `typed`'s action items ("- [x] **Priya**: ..."). */
export function markDone(blocks: Block[], typed: string): ChangeOutcome {
  const owner = capitalize(typed);
  const part = `done: ${owner}`;
  const named = new RegExp(`^(\\s*[-*+]\\s+)\\[ \\](\\s+(?:\\*\\*)?${literal(owner)}\\b)`, 'm');
  let done = 0;
  for (const block of blocks) {
    if (block.type !== 'list') continue;
    block.text = block.text.split('\n').map((line) => (named.test(line) ? (done += 1, line.replace(named, '$1[x]$2')) : line)).join('\n');
  }
  if (done === 0) return failed(part, `the document has no open item of ${owner}'s with a box to tick`);
  return { part, change: { type: 'done', owner }, check: (content) => (new RegExp(`^\\s*[-*+]\\s+\\[x\\]\\s+(?:\\*\\*)?${literal(owner)}\\b`, 'm').test(content) ? undefined : `no item of ${owner}'s is ticked`) };
}
