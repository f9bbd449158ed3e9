import type { DatedLabel } from '../../revisionFacts.js';
import type { Block } from '../text/blocks.js';
import { literal } from '../text/phrases.js';
import { readableLines, type ChangeOutcome } from './outcome.js';

/**
 * Dates the feedback gives for named parts ("Phase 2 is August 2025"), written where the part is
 * introduced: its heading, else the table row or list item that names it first (a table's date
 * column when it has one), else its first sentence. Verified on the final content: the part's
 * name is followed by its date on one line.
 */
const dateColumn = /^(?:dates?|when|timing|timeline|target|due|eta|period|quarter|month)$/i;

function labelPattern(label: string): RegExp {
  return new RegExp(`\\b${literal(label)}\\b`, 'i');
}

function dateTable(block: Block, label: DatedLabel): boolean {
  const rows = block.text.split('\n');
  const header = rows[0]!.split('|').map((cell) => cell.trim());
  const column = header.findIndex((cell) => dateColumn.test(cell));
  if (column < 0) return false;
  const index = rows.findIndex((row, at) => at > 1 && labelPattern(label.label).test(row));
  if (index < 0) return false;
  const cells = rows[index]!.split('|');
  cells[column] = ` ${label.date} `;
  rows[index] = cells.join('|');
  block.text = rows.join('\n');
  return true;
}

function dateInline(block: Block, label: DatedLabel): boolean {
  const pattern = labelPattern(label.label);
  const match = pattern.exec(block.text);
  if (!match) return false;
  const end = match.index + match[0].length;
  if (block.text.slice(end, end + label.date.length + 4).includes(label.date)) return true;
  const separator = block.type === 'heading' ? ': ' : ' ';
  const written = block.type === 'heading' ? `${separator}${label.date}` : `${separator}(${label.date})`;
  // A heading "Phase 2: Payments" becomes "Phase 2 (August 2025): Payments"; "Phase 2" alone "Phase 2: August 2025".
  const inserted = block.type === 'heading' && block.text.length > end ? ` (${label.date})` : written;
  block.text = `${block.text.slice(0, end)}${inserted}${block.text.slice(end)}`;
  return true;
}

export function addDate(blocks: Block[], label: DatedLabel): ChangeOutcome {
  const part = `add date: ${label.label} ${label.date}`;
  const pattern = labelPattern(label.label);
  const heading = blocks.find((block) => block.type === 'heading' && pattern.test(block.text));
  const table = blocks.find((block) => block.type === 'table' && pattern.test(block.text));
  const done = (heading && dateInline(heading, label)) || (table && dateTable(table, label)) || blocks.some((block) => (block.type === 'list' || block.type === 'paragraph' || block.type === 'table') && dateInline(block, label));
  if (!done) return { part, reason: `the document has no ${label.label}` };
  return {
    part,
    change: { type: 'add_date', label: label.label, date: label.date },
    check: (content) => (readableLines(content).some((line) => pattern.test(line) && line.slice(line.search(pattern)).includes(label.date)) ? undefined : `no line gives ${label.label} the date ${label.date}`),
  };
}

/** Parts like the dated ones ("Phase 1" beside "Phase 2") the document names but the feedback gives no date for. */
export function undatedSiblings(content: string, dated: DatedLabel[]): string[] {
  const kinds = new Set(dated.map((entry) => entry.label.split(/\s+/)[0]!.toLowerCase()));
  const named = new Set<string>();
  for (const kind of kinds) for (const match of content.matchAll(new RegExp(`\\b${literal(kind)}\\s+(\\d+)\\b`, 'gi'))) named.add(`${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${match[1]}`);
  const given = new Set(dated.map((entry) => entry.label.toLowerCase()));
  return [...named].filter((name) => !given.has(name.toLowerCase()));
}
