import type { Block } from '../text/blocks.js';
import { letterParts } from './letter.js';
import type { DeliverableValue } from './outcome.js';

/**
 * An email deliverable as the revised letter reads: its subject, greeting, body paragraphs, call to
 * action and sign-off (with the name under it) taken from the document, so a fact added to the
 * body, a shortened body or a new signature is in `data.deliverable` too. A part the document
 * does not show (a cover letter has no subject line) keeps its value.
 */
export function syncEmail(deliverable: DeliverableValue, blocks: Block[]): void {
  const parts = letterParts(blocks);
  if (deliverable.kind !== 'email' || !parts) return;
  const data = deliverable.data;
  const text = (index: number | undefined) => (index === undefined ? undefined : blocks[index]!.text.trim());
  const subject = text(parts.subject)?.replace(/^\*\*Subject:\*\*\s*/, '');
  if (subject) data.subject = subject;
  const greeting = text(parts.greeting);
  if (greeting) data.greeting = greeting;
  data.body = blocks.slice(parts.bodyStart, parts.bodyEnd).flatMap((block) => {
    if (block.type === 'list') return block.text.split('\n').filter((line) => /^\s*(?:[-*+]|\d+[.)])\s+/.test(line)).map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '').trim());
    return block.type === 'paragraph' ? [block.text.trim()] : [];
  });
  const closing = text(parts.closing);
  if (closing) data.call_to_action = closing.replace(/^\*\*([^*]+)\*\*$/, '$1');
  if (parts.signOff !== undefined) {
    // "Kind regards," then "Maria" below it, or "Sincerely,  \nMaria Lopez" in one paragraph: "Kind regards,\nMaria".
    const signature = blocks.slice(parts.signOff + 1).filter((block) => block.type === 'paragraph').map((block) => block.text.trim());
    data.sign_off = [blocks[parts.signOff]!.text, ...signature].join('\n').split('\n').map((line) => line.trim()).filter(Boolean).join('\n');
  }
}
