import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { fullMonths, readableDate } from '../../text/dates.js';
import { awaySentence } from '../outOfOffice.js';
import { said, sentenceStart, titled, type DocumentContext } from '../context.js';

/** An out-of-office reply: "Out of office until Aug 19", the notes' lines, and who to contact meanwhile as its call to action. */
export function awayReply(ctx: DocumentContext): DeliverableData['email'] {
  // "Away Dec 20 - Jan 3, urgent stuff to Sam (sam@acme.io)": who to contact is a line of its own, typed on the dates' line or not.
  // "out of office message, back jan 6, ...": a note typed as "back <day>" says so in a sentence.
  const typed = ctx.material.items.flatMap((item) => said(item).split(/,\s+(?=(?:for\s+)?(?:anything\s+)?(?:urgent|contact|reach|call)\b)/i)).map((line) => sentenceStart(line.replace(/[.]?$/, '.')));
  const until = /\b(?:away|off|out|on\s+(?:leave|holiday|vacation))\s+(?:from\s+)?[a-z]{3,9}\.?\s+\d{1,2}\s*(?:-|–|to|until)\s*((?:[a-z]{3,9}\.?\s+)?\d{1,2})/i.exec(typed.join(' '));
  const month = until ? /[a-z]{3,9}/i.exec(until[0].replace(/^\w+\s+(?:from\s+)?/i, ''))?.[0] : undefined;
  const backOn = (line: string) => /^Back\s+(?:on\s+)?(?!in\b|at\b|to\b)(.+?)\.$/i.exec(line)?.[1];
  const back = until ? undefined : typed.map(backOn).find(Boolean);
  // "away till dec 3": the last day away is the one it lasts till.
  const till = /\b(?:away|off|out)\s+(?:until|till|til)\s+([a-z]{3,9}\.?\s+\d{1,2})\b/i.exec(typed.join(' '))?.[1];
  const end = until ? (/[a-z]/i.test(until[1]!) ? until[1]! : `${month ?? ''} ${until[1]}`.trim()) : back ? readableDate(back) : till;
  // "off dec 20 - jan 3": the absence is said in a sentence ("I'm out of the office from December 20 to January 3."), and so is "back jan 6".
  const absent = typed.some((line) => awaySentence(line) !== undefined);
  const lines = typed.map((line) => {
    const when = backOn(line);
    return awaySentence(line) ?? (when ? `I'm ${absent ? '' : 'out of the office and '}back on ${fullMonths(readableDate(when))}.` : line);
  });
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
