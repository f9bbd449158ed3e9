import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { readableDate } from '../../text/dates.js';
import { said, sentenceStart, titled, type DocumentContext } from '../context.js';

/** An out-of-office reply: "Out of office until Aug 19", the notes' lines, and who to contact meanwhile as its call to action. */
export function awayReply(ctx: DocumentContext): DeliverableData['email'] {
  // "Away Dec 20 - Jan 3, urgent stuff to Sam (sam@acme.io)": who to contact is a line of its own, typed on the dates' line or not.
  // "out of office message, back jan 6, ...": a note typed as "back <day>" says so in a sentence.
  const lines = ctx.material.items
    .flatMap((item) => said(item).split(/,\s+(?=(?:for\s+)?(?:anything\s+)?(?:urgent|contact|reach|call)\b)/i))
    .map((line) => sentenceStart(line.replace(/[.]?$/, '.')).replace(/^Back\s+(?:on\s+)?(?!in\b|at\b|to\b)(.+?)\.$/i, (_, when: string) => `I am out of the office and back on ${readableDate(when)}.`));
  const until = /\b(?:away|off|out|on\s+(?:leave|holiday|vacation))\s+(?:from\s+)?[a-z]{3,9}\.?\s+\d{1,2}\s*(?:-|–|to|until)\s*((?:[a-z]{3,9}\.?\s+)?\d{1,2})/i.exec(lines.join(' '));
  const month = until ? /[a-z]{3,9}/i.exec(until[0].replace(/^\w+\s+(?:from\s+)?/i, ''))?.[0] : undefined;
  const back = until ? undefined : lines.map((line) => /^I am out of the office and back on (.+?)\.$/.exec(line)?.[1]).find(Boolean);
  const end = until ? (/[a-z]/i.test(until[1]!) ? until[1]! : `${month ?? ''} ${until[1]}`.trim()) : back;
  const contact = lines.find((line) => /\b(?:urgent|contact|reach|call|email)\b/i.test(line) && /@|\+?\d{3}/.test(line));
  return {
    subject: end ? `Out of office until ${titled(end)}` : 'Out of office',
    greeting: 'Hello,',
    body: lines.filter((line) => line !== contact),
    // "urgent stuff: contact Mark", "for urgent stuff contact maria@acme.io", "urgent stuff to Sam": where anything urgent goes.
    call_to_action: contact ? contact.replace(/^(?:for\s+)?urgent\s+(?:stuff|matters|things|questions|issues)?\s*[:,]?\s*(?:please\s+)?(?=contact|reach|call|email)/i, 'For anything urgent, ').replace(/^urgent\s+(?:stuff|matters|things|questions|issues)?\s*(?:to|->|goes\s+to)\s+/i, 'For anything urgent, contact ') : 'I will reply when I am back.',
    sign_off: 'Kind regards,',
  };
}
