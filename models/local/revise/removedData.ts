import type { DeliverableValue } from './outcome.js';

/**
 * The deliverable's items the revised document no longer shows ("drop the part about pricing", a
 * shortened summary) leave its data too, so an integration does not file a requirement or an
 * action item the client took out. An item goes only when the document before showed it and the
 * revised one shows it nowhere (an item said twice stays while one mention is left).
 */
const words = (text: string) => ` ${text.toLowerCase().replace(/\*\*|__|`/g, '').replace(/[^\p{L}\p{N}$%]+/gu, ' ').trim()} `;
const fields = ['text', 'task', 'title', 'item', 'finding', 'step', 'want', 'name', 'heading', 'question'];

function label(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry;
  if (!entry || typeof entry !== 'object') return undefined;
  // An action item is its owner's line ("**Priya**: Update the style guide"), not a summary line that mentions the task.
  const { owner, task } = entry as Record<string, unknown>;
  if (typeof owner === 'string' && typeof task === 'string') return `${owner} ${task}`;
  const field = fields.find((key) => typeof (entry as Record<string, unknown>)[key] === 'string');
  return field ? ((entry as Record<string, unknown>)[field] as string) : undefined;
}

export function dropRemoved(deliverable: DeliverableValue, previous: string, revised: string): void {
  const before = previous.split('\n').map(words);
  const after = revised.split('\n').map(words);
  const shown = (lines: string[], text: string) => lines.some((line) => line.includes(text));
  for (const [key, value] of Object.entries(deliverable.data)) {
    if (!Array.isArray(value)) continue;
    deliverable.data[key] = value.filter((entry) => {
      const text = label(entry);
      if (text === undefined || words(text).trim().length < 3) return true;
      return !(shown(before, words(text)) && !shown(after, words(text)));
    });
  }
}
