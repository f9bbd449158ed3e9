import { handleName } from '../document/names.js';
import type { Thread } from './emailThread.js';

/**
 * A Slack or Teams thread pasted as text: "[10:02] sam: checkout is throwing 500s", "10:04 priya.k:
 * looking". The meeting reader knows a speaker by a capital, so the handles are read as names
 * ("Sam", "Priya K") and the timestamps, which say nothing about the thread, are left out. A line
 * with no header of its own goes on with the message before it.
 */

const message = /^\s*\[?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?\]?\s*[-–—]?\s*@?([\p{L}][\p{L}\d._-]{0,30}(?:\s[\p{Lu}][\p{L}'’-]+)?)\s*:\s+(.+)$/u;

/** The chat read as speaker lines, or undefined when the text is not a timestamped chat export. */
export function chatAsNotes(text: string): Thread | undefined {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const headed = lines.filter((line) => message.test(line)).length;
  if (headed < 2 || headed < lines.length / 2) return undefined;
  const out: string[] = [];
  for (const line of lines) {
    const found = message.exec(line);
    if (found) out.push(`${handleName(found[1]!)}: ${found[2]!.trim()}`);
    else if (out.length > 0) out[out.length - 1] = `${out.at(-1)!.replace(/[^.!?]$/, '$&.')} ${line.trim()}`;
    else out.push(line.trim());
  }
  return { notes: out.join('\n') };
}
