import type { Block } from '../text/blocks.js';
import { readableDate } from '../text/dates.js';
import { calendarCase, capitalize, literal } from '../text/phrases.js';
import { failed, readableLines, type ChangeOutcome } from './outcome.js';

const day = '(?:(?:next|this)\\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|(?:end\\s+of|eod|eow)\\b[^.,;!?]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|the\\s+\\d{1,2}(?:st|nd|rd|th)|\\d{4}-\\d{2}-\\d{2}';

/**
 * "make Tom's item due Tuesday instead", "Tom's task should be due friday", "push Lena's deadline to
 * the 5th", "give Lena until Thursday": one person's action item gets a new due date; the other
 * items keep theirs, even when they share the old date. Group 1 or 3: the person; 2 or 4: the date.
 */
export const ownerDue = new RegExp(
  `\\b(\\p{L}[\\p{L}'’-]*)['’]s\\s+(?:action\\s+item|item|task|to-?do|deadline|due\\s+date|one|bit|part)\\s+(?:is\\s+|should\\s+be\\s+|to\\s+be\\s+)?(?:now\\s+)?(?:due\\s+(?:on\\s+|by\\s+)?|to\\s+|until\\s+|on\\s+)(${day})|\\bgive\\s+(\\p{L}[\\p{L}'’-]*)\\s+until\\s+(${day})`,
  'giu',
);

const dueMark = /\((?:due|by)\s+[^)]+\)|\b(?:due|by)\s+(?:(?:next|this)\s+)?[A-Z]?[\w.]+(?:\s+\d{1,2}(?:st|nd|rd|th)?)?/i;

/** The due date of `owner`'s action items becomes `said` (in the content and in the deliverable's `action_items`). */
export function changeOwnerDue(blocks: Block[], typed: string, said: string): ChangeOutcome {
  const owner = capitalize(typed);
  const due = readableDate(calendarCase(said.trim()));
  const part = `due date: ${owner} ${due}`;
  const named = new RegExp(`(?:\\*\\*${literal(owner)}(?:\\s[^*]*)?\\*\\*|\\b${literal(owner)}\\b)`);
  let owned = 0;
  for (const block of blocks) {
    if (block.type !== 'list' && block.type !== 'paragraph') continue;
    block.text = block.text
      .split('\n')
      .map((line) => {
        if (!named.test(line) || !/^\s*[-*+]\s|^\s*\d+[.)]\s/.test(line)) return line;
        owned += 1;
        const mark = dueMark.exec(line);
        if (!mark) return `${line.replace(/\s*$/, '')} (due ${due})`;
        return `${line.slice(0, mark.index)}${mark[0].startsWith('(') ? `(due ${due})` : `${/^by/i.test(mark[0]) ? 'by' : 'due'} ${due}`}${line.slice(mark.index + mark[0].length)}`;
      })
      .join('\n');
  }
  if (owned === 0) return failed(part, `the document has no item owned by ${owner}`);
  return {
    part,
    change: { type: 'due_date', owner, due },
    check: (content) => (readableLines(content).some((line) => named.test(line) && line.includes(due)) ? undefined : `no item of ${owner}'s says ${due}`),
    edit: (deliverable) => {
      const items = deliverable.data.action_items ?? deliverable.data.steps;
      if (!Array.isArray(items)) return;
      for (const item of items as Array<Record<string, unknown>>) if (typeof item.owner === 'string' && item.owner.split(/\s+/)[0] === owner) item.due = due;
    },
  };
}
