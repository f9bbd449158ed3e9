import type { Tone } from '../text/tone.js';
import { toneLine } from '../text/tone.js';
import { parseBlocks, renderBlocks, type Block } from '../text/blocks.js';
import { literal } from '../text/phrases.js';
import { failed, type ChangeOutcome } from './outcome.js';

/**
 * Revisions of an email as a person asks them: who signs it ("sign it from Anna"), a fact added to
 * its body (never after "Kind regards,"), and its register in the words an email changes
 * (greeting, thanks, sign-off) instead of an opener such as "Here's the short version:" before
 * its subject line.
 */

/** An email as the writer renders it: "**Subject:** ..." first. */
export function isEmail(blocks: Block[]): boolean {
  return blocks.find((block) => block.type !== 'frontmatter')?.text.startsWith('**Subject:**') === true;
}

const signOff = /^(?:kind regards|best regards|warm regards|regards|best wishes|warm wishes|best|thanks|thank you|many thanks|cheers|sincerely|yours sincerely|yours|with thanks|all the best),?$/i;
const greeting = /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^.!?]{0,40},$/i;
/** A line that is not the body: the subject, the greeting, the call to action in bold, the sign-off, a signature. */
function isFrame(text: string): boolean {
  return text.startsWith('**Subject:**') || greeting.test(text) || /^\*\*[^*]+\*\*$/.test(text) || signOff.test(text);
}

/**
 * Where a fact joins: the body's last paragraph, before a closing call to action and an email's
 * sign-off; in a document of lists only (a meeting summary), its summary list, as one more item.
 */
export function factHome(blocks: Block[]): Block | undefined {
  const prose = blocks.filter((block) => block.type === 'paragraph' && !isFrame(block.text.trim()));
  if (!isEmail(blocks)) return prose.at(-1) ?? summaryList(blocks) ?? [...blocks].reverse().find((block) => block.type === 'paragraph');
  const signIndex = blocks.findIndex((block) => block.type === 'paragraph' && signOff.test(block.text.trim()));
  return prose.filter((block) => signIndex < 0 || blocks.indexOf(block) < signIndex).at(-1);
}

/** The list under a summary-like heading ("Summary", "Highlights", "Updates"), never a checklist. */
function summaryList(blocks: Block[]): Block | undefined {
  const summary = /summary|overview|highlights?|updates?|notes|details|background|what happened/i;
  return blocks.find((block, index) => {
    const heading = blocks[index - 1];
    return block.type === 'list' && heading?.type === 'heading' && summary.test(heading.text) && !/^\s*[-*+]\s+\[[ xX]\]/m.test(block.text);
  });
}

/** Where an email's body ends: at its bold call to action or sign-off; undefined for another document. */
export function bodyEnd(blocks: Block[]): number | undefined {
  const start = bodyStart(blocks);
  if (start === undefined) return undefined;
  const end = blocks.findIndex((block, index) => index >= start && block.type === 'paragraph' && isFrame(block.text.trim()));
  return end >= 0 ? end : blocks.length;
}

/** True for an email's subject, greeting, call to action or sign-off line. */
export function isFrameLine(text: string): boolean {
  return isFrame(text.trim());
}

/** Where an email's body starts: after its subject line and greeting; undefined for another document. */
export function bodyStart(blocks: Block[]): number | undefined {
  if (!isEmail(blocks)) return undefined;
  const greetingAt = blocks.findIndex((block) => block.type === 'paragraph' && greeting.test(block.text.trim()));
  return greetingAt >= 0 ? greetingAt + 1 : blocks.findIndex((block) => block.text.startsWith('**Subject:**')) + 1;
}

/** "Sign it from Anna", "sign off as Anna de Vries", "signed by Priya": the name an email is signed with. */
export const signedBy = /\b[Ss]ign(?:ed|\s+it|\s+(?:it\s+)?off)?\s+(?:from|as|by|with|it)\s+(?:me,?\s+)?([A-Z][\p{L}'’-]+(?:\s+(?:de|van|der|den|da|di|del|la|le|von)?\s*[A-Z][\p{L}'’-]+)?)/u;

export function signWith(blocks: Block[], name: string): ChangeOutcome {
  const part = `sign as ${name}`;
  if (!isEmail(blocks)) return failed(part, 'only an email has a sign-off to put a name under');
  const index = blocks.findIndex((block) => block.type === 'paragraph' && signOff.test(block.text.trim()));
  if (index < 0) return failed(part, 'the email has no sign-off line');
  const next = blocks[index + 1];
  // A name already under the sign-off is replaced, not joined by a second one.
  if (next?.type === 'paragraph' && /^[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+){0,2}$/u.test(next.text.trim())) next.text = name;
  else blocks.splice(index + 1, 0, { type: 'paragraph', text: name });
  return { part, check: (content) => (new RegExp(`^(?:${signOff.source.slice(1, -1)})\\n\\n${literal(name)}$`, 'im').test(content) ? undefined : `the email is not signed ${name}`) };
}

const warmer: Array<[RegExp, string]> = [
  [/^(?:Kind regards|Best regards|Regards|Sincerely|Yours sincerely|Best),$/m, 'Warm wishes,'],
  [/^Hello,$/m, 'Hi there,'],
  [/\bThank you for\b(?! so much)/, 'Thank you so much for'],
  [/\bWe are sorry\b/, 'We are truly sorry'],
];
const formal: Array<[RegExp, string]> = [
  [/^(?:Warm wishes|Cheers|Best|Thanks|Many thanks|All the best),$/m, 'Kind regards,'],
  [/^(?:Hi|Hey) there,$/m, 'Hello,'],
  [/^(?:Hi|Hey) ([^,]+),$/m, 'Dear $1,'],
  [/\bThank you so much for\b/, 'Thank you for'],
];

/** The email in `tone`: its greeting, thanks and sign-off, and each body line's wording; undefined for another document. */
export function emailInTone(content: string, tone: Tone): string | undefined {
  const blocks = parseBlocks(content);
  if (!isEmail(blocks)) return undefined;
  const warm = tone === 'friendly' || tone === 'casual';
  for (const block of blocks) {
    if (block.type !== 'paragraph' && block.type !== 'list') continue;
    let text = block.text;
    // The subject line keeps its words: a register is the message's voice, not a new subject.
    if (!text.startsWith('**Subject:**')) for (const [pattern, replacement] of warm ? warmer : formal) text = text.replace(pattern, replacement);
    block.text = isFrame(block.text.trim()) ? text : toneLine(text, tone);
  }
  return renderBlocks(blocks);
}
