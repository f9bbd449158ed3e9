import type { Reassignment } from '../../revisionFacts.js';
import type { Block } from '../text/blocks.js';
import { aboutTerms, isAbout } from './corrections.js';
import { readableLines, type ChangeOutcome } from './outcome.js';

/**
 * Gives an action item to the person the feedback names (revisionFacts.ts reads who and which):
 * in the document, on its action lines and table rows, and in the deliverable's action items.
 */

// "- [ ] **Jan**: Fix the e2e tests (due Friday)": an action line, its owner in bold.
const actionLine = /^(\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?\*\*)([^*]+)(\*\*:\s*)(.+)$/;

/** Gives the action items about `reassignment.about` to its owner: list lines with a bold owner, or the Owner cell of a table row. */
export function reassign(blocks: Block[], reassignment: Reassignment): ChangeOutcome {
  const { owner, about } = reassignment;
  const part = `reassign: ${about} to ${owner}`;
  const terms = aboutTerms(about);
  let moved = 0;
  let already = 0;
  for (const block of blocks) {
    if (block.type === 'list') {
      block.text = block.text
        .split('\n')
        .map((line) => {
          const action = actionLine.exec(line);
          if (!action || !isAbout(action[4]!, terms)) return line;
          if (action[2] === owner) return void (already += 1), line;
          moved += 1;
          return `${action[1]}${owner}${action[3]}${action[4]}`;
        })
        .join('\n');
    } else if (block.type === 'table') {
      const rows = block.text.split('\n');
      const column = (rows[0] ?? '').split('|').findIndex((cell) => /^\s*(?:owner|who|assignee)\s*$/i.test(cell));
      if (column < 0) continue;
      block.text = rows
        .map((row, index) => {
          const cells = row.split('|');
          if (index < 2 || !isAbout(cells.filter((_, at) => at !== column).join(' '), terms)) return row;
          if (cells[column]!.trim() === owner) return void (already += 1), row;
          moved += 1;
          cells[column] = ` ${owner} `;
          return cells.join('|');
        })
        .join('\n');
    }
  }
  if (moved === 0) return { part, reason: already > 0 ? `${owner} already owns the action item about ${about}` : `no action item in the document is about "${about}"` };
  return {
    part,
    change: { type: 'reassign', owner, about },
    check: (content) => (readableLines(content).some((line) => isAbout(line, terms) && line.includes(owner)) ? undefined : `no action item about ${about} names ${owner}`),
    edit: (deliverable) => reassignIn(deliverable.data, owner, terms),
  };
}

/** Every action item (an object with an owner) in the data whose task is about `terms` goes to `owner`. */
function reassignIn(value: unknown, owner: string, terms: string[]): void {
  if (Array.isArray(value)) return value.forEach((entry) => reassignIn(entry, owner, terms));
  if (!value || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  const task = typeof object.task === 'string' ? object.task : typeof object.step === 'string' ? object.step : undefined;
  if ('owner' in object && task !== undefined && isAbout(task, terms)) object.owner = owner;
  Object.values(object).forEach((entry) => reassignIn(entry, owner, terms));
}
