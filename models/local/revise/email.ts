import type { Tone } from '../text/tone.js';
import { toneLine } from '../text/tone.js';
import { parseBlocks, renderBlocks, type Block } from '../text/blocks.js';
import { literal } from '../text/phrases.js';
import { failed, type ChangeOutcome } from './outcome.js';
import { greeting, isSignOff, letterParts, signOff } from './letter.js';

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

/** A line that is not the body: the subject, the greeting, the call to action in bold, the sign-off, a signature. */
function isFrame(text: string): boolean {
  return text.startsWith('**Subject:**') || greeting.test(text) || /^\*\*[^*]+\*\*$/.test(text) || isSignOff(text);
}

/**
 * Where a fact joins: a letter's (an email's, a cover letter's) last body paragraph, never its
 * closing paragraph, call to action or sign-off; the body's last paragraph of another document; in
 * a document of lists only (a meeting summary), its summary list, as one more item.
 */
export function factHome(blocks: Block[]): Block | undefined {
  const parts = letterParts(blocks);
  if (parts) return blocks.slice(parts.bodyStart, parts.bodyEnd).filter((block) => block.type === 'paragraph' || block.type === 'list').at(-1);
  // A post's closing line of hashtags is not where a sentence goes ("#Launch Please star the repo.").
  // Nor is a quote ("> Signup conversion up ..."): it holds the client's words, not the document's.
  // Nor the names under "Participants" ("Dana, Lee, Sam We chose June." was a sentence joined to them).
  const closing = new Set(blocks.filter((block, index) => { const heading = blocks[index - 1]; return heading?.type === 'heading' && /^(?:participants|attendees|present|people|topics|tags|sources|references)$/i.test(heading.text.trim()); }));
  const prose = blocks.filter((block) => block.type === 'paragraph' && !closing.has(block) && !isFrame(block.text.trim()) && !isHashtagLine(block.text) && !/^\s*>/.test(block.text));
  return prose.at(-1) ?? summaryList(blocks) ?? [...blocks].reverse().find((block) => block.type === 'paragraph' && !closing.has(block) && !/^\s*>/.test(block.text));
}

/** "#SamPatel #Hiring": a post's line of hashtags only. */
export const isHashtagLine = (text: string) => /^(?:#\w+\s*)+$/.test(text.trim());

/** The list under a summary-like heading ("Summary", "Highlights", "Updates"), never a checklist. */
function summaryList(blocks: Block[]): Block | undefined {
  const summary = /summary|overview|highlights?|updates?|notes|details|background|what happened/i;
  return blocks.find((block, index) => {
    const heading = blocks[index - 1];
    return block.type === 'list' && heading?.type === 'heading' && summary.test(heading.text) && !/^\s*[-*+]\s+\[[ xX]\]/m.test(block.text);
  });
}

/** Where a letter's body ends: at its closing paragraph, call to action or sign-off; undefined for another document. */
export function bodyEnd(blocks: Block[]): number | undefined {
  return letterParts(blocks)?.bodyEnd;
}

/** True for an email's subject, greeting, call to action or sign-off line. */
export function isFrameLine(text: string): boolean {
  return isFrame(text.trim());
}

/** Where a letter's body starts: after its subject line and greeting; undefined for another document. */
export function bodyStart(blocks: Block[]): number | undefined {
  return letterParts(blocks)?.bodyStart;
}

/** "Sign it from Anna", "sign off as Anna de Vries", "signed by Priya": the name an email is signed with. */
// Group 1: the name; group 2: a role after it ("sign off as Dana, Office Manager", "from Sam - Head of People").
export const signedBy = /\b[Ss]ign(?:ed|\s+it|\s+(?:it\s+)?off)?\s+(?:from|as|by|with|it)\s+(?:me,?\s+)?([A-Z][\p{L}'’-]+(?:\s+(?:de|van|der|den|da|di|del|la|le|von)?\s*[A-Z][\p{L}'’-]+)?)(?:(?:,\s*|\s+[-–—]\s+)((?:[A-Z][\p{L}&'’.-]*|of|and|the|for|&)(?:\s+(?:[A-Z][\p{L}&'’.-]*|of|and|the|for|&))*))?/u;

/** "it should be from HR", "send it from Dana", "make it come from the CEO": who the email is from, signed under the sign-off. */
export const sentFrom = /(?:\b(?:it\s+)?(?:should|needs\s+to|has\s+to|must)\s+(?:be|come)|^\s*(?:be|come)|\b(?:send|make)\s+it(?:\s+come)?)\s+from\s+(?:the\s+)?([A-Z][\p{L}'’-]*(?:\s+[A-Z][\p{L}'’-]*){0,2})\b/u;

export function signWith(blocks: Block[], name: string, role?: string): ChangeOutcome {
  const part = `sign as ${name}${role ? `, ${role}` : ''}`;
  const signature = role ? `${name}  \n${role}` : name;
  const parts = letterParts(blocks);
  if (!parts) return failed(part, 'only an email or a letter has a sign-off to put a name under');
  if (parts.signOff === undefined) return failed(part, 'the letter has no sign-off line');
  const block = blocks[parts.signOff]!;
  const next = blocks[parts.signOff + 1];
  const [line] = block.text.split('\n');
  // A letter's name is under its sign-off in the same paragraph ("Sincerely,  \nMaria Lopez"); it is replaced, not joined by a second one.
  if (block.text.includes('\n')) block.text = `${line!.trimEnd()}  \n${signature}`;
  else if (next?.type === 'paragraph' && /^[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+){0,2}$/u.test(next.text.trim())) next.text = signature;
  else blocks.splice(parts.signOff + 1, 0, { type: 'paragraph', text: signature });
  return { part, check: (content) => (new RegExp(`^(?:${signOff.source.slice(1, -1)})(?:\\n\\n| {2}\\n)${literal(name)}${role ? ` {2}\\n${literal(role)}` : ''}$`, 'im').test(content) ? undefined : `the letter is not signed ${name}`) };
}

const warmer: Array<[RegExp, string]> = [
  [/^(?:Kind regards|Best regards|Regards|Sincerely|Yours sincerely|Best),$/m, 'Warm wishes,'],
  [/^Hello,$/m, 'Hi there,'],
  // A stock closing line reads warmer as a question and an invitation.
  [/^\*\*Reply to this email with any question about ([^*]+?)\.\*\*$/m, '**Any questions about $1? Just reply to this email.**'],
  [/^\*\*Reply to this email with any question\.\*\*$/m, '**Any questions? Just reply to this email.**'],
  [/\bThank you for\b(?! so much)/, 'Thank you so much for'],
  [/\bWe are sorry\b/, 'We are truly sorry'],
];
const formal: Array<[RegExp, string]> = [
  [/^(?:Warm wishes|Cheers|Best|Thanks|Many thanks|All the best),$/m, 'Kind regards,'],
  [/^(?:Hi|Hey) there,$/m, 'Hello,'],
  [/\bThank you so much for\b/, 'Thank you for'],
];
// Only asked "more formal": "Hi team," becomes "Dear team,"; plainer ("less salesy") keeps the greeting the writer chose.
const dear: Array<[RegExp, string]> = [[/^(?:Hi|Hey) ([^,]+),$/m, 'Dear $1,']];

/** The email in `tone`: its greeting, thanks and sign-off, and each body line's wording; undefined for another document. */
export function emailInTone(content: string, tone: Tone, formalGreeting = true): string | undefined {
  const blocks = parseBlocks(content);
  if (!isEmail(blocks)) return undefined;
  const warm = tone === 'friendly' || tone === 'casual';
  for (const block of blocks) {
    if (block.type !== 'paragraph' && block.type !== 'list') continue;
    let text = block.text;
    // The subject line keeps its words: a register is the message's voice, not a new subject.
    if (!text.startsWith('**Subject:**')) for (const [pattern, replacement] of warm ? warmer : formalGreeting ? [...formal, ...dear] : formal) text = text.replace(pattern, replacement);
    block.text = isFrame(block.text.trim()) ? text : toneLine(text, tone);
  }
  return renderBlocks(blocks);
}
