import * as chrono from 'chrono-node';
import { splitParagraph, type Block } from '../text/blocks.js';
import { letterParts } from './letter.js';
import type { ChangeOutcome } from './outcome.js';

/**
 * "add the time: 9am" to "Offsite moved to Friday 14th.": the time belongs to the day the document
 * names ("Offsite moved to Friday 14th at 9am."), not a line "Time: 9am." of its own. Undefined when
 * the label is not a time, the value not a time of day, or no sentence names a day without a time.
 */
export function attachTime(blocks: Block[], label: string, value: string): ChangeOutcome | undefined {
  if (!/^(?:the\s+)?(?:start\s+)?(?:time|kick-?off\s+time|start)$/i.test(label.trim())) return undefined;
  const time = value.trim().replace(/[.!]+$/, '');
  if (!/^(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|\d{1,2}:\d{2}|noon|midday)(?:\s*(?:-|–|to)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?(?:\s+[A-Z]{2,4})?$/i.test(time)) return undefined;
  const letter = letterParts(blocks);
  // An email whose one line is its call to action in bold names its day there.
  const body = (letter ? blocks.slice(letter.bodyStart, Math.max(letter.bodyEnd, (letter.closing ?? -1) + 1)) : blocks).filter((block) => block.type === 'paragraph' || block.type === 'list');
  for (const block of body) {
    for (const sentence of splitParagraph(block.text)) {
      const found = chrono.parse(sentence).find((result) => !result.start.isCertain('hour') && (result.start.isCertain('day') || result.start.isCertain('weekday')));
      if (!found) continue;
      // chrono reads "Friday" of "Friday 14th": the day of the month stays with it.
      const said = found.text + (/^\s+\d{1,2}(?:st|nd|rd|th)?\b/.exec(sentence.slice(found.index + found.text.length))?.[0] ?? '');
      const end = found.index + said.length;
      const timed = `${sentence.slice(0, end)} at ${time}${sentence.slice(end)}`;
      block.text = block.text.replace(sentence, timed);
      const part = `add time: ${time}`;
      return { part, change: { type: 'add_text', time }, check: (content) => (content.includes(`${said} at ${time}`) ? undefined : 'the time is not in the document') };
    }
  }
  return undefined;
}
