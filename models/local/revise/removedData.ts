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
  const lines = revised.split('\n');
  // "Budget: we have $20k left for Q2, lee to draft the plan by Friday." lost its clause about Lee: the line left is the item.
  const shortened = (text: string) => {
    const at = after.findIndex((line) => line.trim().split(' ').length >= 3 && text.startsWith(`${line.trimEnd()} `) && !before.includes(line));
    return at < 0 ? undefined : lines[at]!.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '').trim();
  };
  for (const [key, value] of Object.entries(deliverable.data)) {
    if (!Array.isArray(value)) continue;
    deliverable.data[key] = value.flatMap((entry) => {
      const text = label(entry);
      if (text === undefined || words(text).trim().length < 3) return [entry];
      if (!(shown(before, words(text)) && !shown(after, words(text)))) return [entry];
      const rest = typeof entry === 'string' ? shortened(words(text)) : undefined;
      return rest ? [rest] : [];
    });
  }
}
