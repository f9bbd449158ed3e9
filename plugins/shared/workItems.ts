import { markerOf } from './idempotentCreate.js';

/** One work item of an outcome's deliverable (a ticket, a user story, an action item, a roadmap entry). */
export interface WorkItem {
  title: string;
  owner?: string;
  /** YYYY-MM-DD when the item names one. */
  due?: string;
}

const listItem = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.+)$/;
const tableRow = /^\s*\|(.+)\|\s*$/;
const tableRule = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const month = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const dateText = new RegExp(`\\b(?:\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+${month}(?:\\s+\\d{4})?|${month}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?)\\b`, 'gi');
/** A statement about the situation, not something to do: it opens with an article or a pronoun. */
const statementOpening = /^(?:the|our|we|it|this|these|those|there|they)\b/i;

/**
 * The work items of a deliverable: the list items and table rows of the sections whose heading
 * matches `heading` (a sub-section whose heading does not match is left out), in order, at most
 * `max`, each distinct title once (compared without case, punctuation or a leading ticket id).
 * A line that is a date, or a sentence of context that names one ("The beta ships to 20
 * inspectors by 15 January 2026."), is not work. A deliverable without such a section is one item,
 * its title: an integration never files every bullet of a document.
 */
export function workItems(content: string, title: string, heading: RegExp, max = 20): WorkItem[] {
  const items: WorkItem[] = [];
  const seen = new Set<string>();
  const add = (text: string) => {
    const item = itemOf(text);
    if (!item || items.length >= max) return;
    const key = normalizedTitle(item.title);
    if (seen.has(key)) return;
    seen.add(key);
    items.push(item);
  };
  let inSection = false;
  let columns: string[] | null = null;
  let header: string[] | null = null;
  for (const line of content.split('\n')) {
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) {
      inSection = heading.test(h[1]!);
      columns = header = null;
      continue;
    }
    if (!inSection) continue;
    const row = tableRow.exec(line);
    if (!row) {
      columns = header = null;
      const m = listItem.exec(line);
      if (m) add(m[1]!);
      continue;
    }
    const cells = row[1]!.split('|').map((cell) => cell.trim());
    if (tableRule.test(line)) {
      columns = header;
      continue;
    }
    if (!columns) {
      header = cells.map((cell) => cell.toLowerCase());
      continue;
    }
    add(rowTitle(columns, cells));
  }
  return items.length > 0 ? items : [{ title: title.slice(0, 250) }];
}

/** A table row as one title: `<id>: <title>` when the table has an id column and a title column. */
function rowTitle(columns: string[], cells: string[]): string {
  const idColumn = columns.findIndex((name) => /^(?:ticket|id|key|#|no\.?|story)$/.test(name));
  let titleColumn = columns.findIndex((name, index) => index !== idColumn && /title|summary|task|action|item|story|name|what/.test(name));
  if (titleColumn < 0) titleColumn = columns.findIndex((_, index) => index !== idColumn);
  const text = cells[titleColumn] ?? '';
  const id = idColumn >= 0 ? cells[idColumn] : undefined;
  return id && text ? `${id}: ${text}` : text;
}

function itemOf(raw: string): WorkItem | undefined {
  const text = raw.replace(/\*\*|__/g, '').replace(/`/g, '').trim();
  if (/^[\s|:-]*$/.test(text)) return undefined;
  // A date alone, or a sentence of context that names a date, is not a work item.
  const withoutDates = text.replace(dateText, ' ');
  if (!/[A-Za-z]{3,}/.test(withoutDates)) return undefined;
  dateText.lastIndex = 0;
  if (dateText.test(text) && statementOpening.test(text)) return undefined;
  dateText.lastIndex = 0;
  const due = /\b(\d{4}-\d{2}-\d{2})\b/.exec(text)?.[1];
  const owner = /(?:owner|assignee)\s*[:=]\s*([^,;()|]+?)(?:\s*[,;()|]|$)/i.exec(text)?.[1]?.trim() ?? /@([A-Za-z][\w.-]*)/.exec(text)?.[1];
  return { title: text.slice(0, 250), ...(owner ? { owner } : {}), ...(due ? { due } : {}) };
}

/** A title as compared for duplicates: no leading ticket id (`T-1:`), case, punctuation or extra spaces. */
export function normalizedTitle(title: string): string {
  return title
    .replace(/^\s*[A-Za-z]{1,10}-\d+\s*[:.)-]\s*/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The idempotency key of one item's object: the outcome, the flag and the item's normalized title,
 * not the stage attempt, so a retry of the outcome or a second run of the stage finds the object
 * the first run created instead of filing it again.
 */
export function workItemKey(input: { outcome_id: string; flag: string }, item: WorkItem): string {
  return `${input.outcome_id}:${input.flag}:item:${normalizedTitle(item.title)}`;
}

/** A short marker of an item's key, to carry in the vendor's object (label, description, notes). */
export function workItemMarker(input: { outcome_id: string; flag: string }, item: WorkItem): Promise<string> {
  return markerOf(workItemKey(input, item));
}
