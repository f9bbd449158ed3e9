import { isName } from '../document/names.js';
import type { Block } from '../text/blocks.js';
import { capitalize } from '../text/phrases.js';
import { readableLines, type ChangeOutcome } from './outcome.js';
import { sectionBounds } from './structure.js';

/**
 * "add an action item: Dana to book the room by Friday", "add a to-do for Sam to send the deck",
 * "one more action: Lee - call the venue by May 2": an action item added to the document's action
 * list the way its other items are written ("- [ ] **Dana**: Book the room (due Friday)"), and to
 * the deliverable's `action_items` with its owner, task and due date.
 */
export const addedAction = /\b(?:(?:add|include|put in)\s+(?:a|an|one more|another|a new)\s+|(?:one more|another|new)\s+)(?:action(?:\s+item)?|to-?do|task|follow[- ]?up|next step)\s*(?:[:\-–—]\s*|\s+(?:for|that|saying)\s+)["“']?(.+?)["”']?(?=\s*(?:[.;!?](?:\s|$)|$))/gi;

interface Action {
  owner: string | null;
  task: string;
  due: string | null;
}

/** "Dana to book the room by Friday", "Sam: send the deck", "Lee will call the venue by May 2". */
export function readAction(said: string): Action {
  let rest = said.trim().replace(/[.!]$/, '');
  const owned = /^([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)?)(?:\s*[:\-–—]\s*|\s+(?:to|will|should|must|needs to|is going to)\s+|\s+(?=[a-z]+s\b))(.+)$/u.exec(rest);
  const owner = owned && isName(owned[1]!) ? owned[1]! : null;
  if (owner) rest = owned![2]!;
  const dated = /^(.+?)\s+(?:by|before|due|on)\s+((?:(?:next|this)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:end of|eod|eow)\b.*|tomorrow|tonight|next week|\w+\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+\w+|\d{4}-\d{2}-\d{2}|q[1-4]\b.*)$/i.exec(rest);
  return { owner, task: dated ? dated[1]! : rest, due: dated ? dated[2]! : null };
}

const actionHeading = /action|next step|to-?do|follow[- ]?up/i;
const boxed = /^\s*[-*+]\s+\[[ xX]\]\s+/;

export function addAction(blocks: Block[], said: string): ChangeOutcome {
  const action = readAction(said);
  const part = `add action item: ${said.trim().replace(/[.!]$/, '')}`;
  const heading = blocks.findIndex((block) => block.type === 'heading' && block.level >= 2 && actionHeading.test(block.text));
  const list = heading >= 0 ? blocks.slice(heading + 1, sectionBounds(blocks, heading)).find((block) => block.type === 'list') : undefined;
  // Written like the items already there: a box when they have one, the owner in bold, the due date in brackets.
  const box = !list || boxed.test(list.text.split('\n')[0]!) ? '[ ] ' : '';
  const task = capitalize(action.task);
  const line = `- ${box}${action.owner ? `**${action.owner}**: ` : ''}${task}${action.due ? ` (due ${action.due})` : ''}`;
  if (list) list.text = `${list.text}\n${line}`;
  else if (heading >= 0) blocks.splice(heading + 1, 0, { type: 'list', text: line });
  else blocks.push({ type: 'heading', level: 2, text: 'Action items' }, { type: 'list', text: line });
  return {
    part,
    change: { type: 'add_action_item', owner: action.owner, task: action.task, due: action.due },
    check: (content) => (readableLines(content).some((text) => text.trim() === line) ? undefined : `the document has no action item "${task}"`),
    edit: (deliverable) => {
      const items = deliverable.data.action_items ?? deliverable.data.steps;
      if (!Array.isArray(items)) return;
      if (deliverable.data.action_items) items.push({ owner: action.owner, task: action.task, due: action.due });
      else items.push({ step: action.task, owner: action.owner, due: action.due });
    },
  };
}
