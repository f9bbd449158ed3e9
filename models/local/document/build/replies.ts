import type { Item } from '../material.js';
import { isKnownName } from '../../text/people.js';
import { writerToReader } from '../../text/phrases.js';
import { sentenceStart } from '../context.js';

/** The parts of an email that answer a message: who signed it, the apology it asks for, where questions go. */

// "... please fix it asap. - Karen", "Thanks, Karen", "Best,\nKaren": a message's signature.
export const signature = /(?:\s[-–—]\s?|(?:^|[\s.!])(?:[Tt]hanks|[Tt]hank you|[Bb]est|[Rr]egards|[Cc]heers|[Kk]ind regards)[,!]?\s+)(\p{Lu}[\p{Ll}'’-]+)\s*[.!]?$/u;

/**
 * "Hi, I was charged twice for my order #4821 last week." -> "I'm sorry you were charged twice
 * for your order #4821 last week.": the apology a reply opens with, for what the message answered
 * complains of in its own words (turned to the reader's side); without such a line, for the trouble.
 */
export function apologyFor(incoming: Item[]): string {
  const complaint = incoming
    .flatMap((item) => item.text.split(/(?<=[.!?])\s+/))
    .map((line) => line.replace(/^(?:hi|hello|hey|dear)\b[^,.!]*[,.!]\s*/i, '').trim())
    .find((line) => /\b(?:I|my|me)\b/.test(line) && !/\?$/.test(line) && !/^(?:please|can you|could you|thanks|thank you)\b/i.test(line));
  if (!complaint) return "I'm sorry for the trouble.";
  const yours = writerToReader(complaint.replace(/[.!]+$/, ''));
  return `I'm sorry ${yours.charAt(0).toLowerCase()}${yours.slice(1)}.`;
}

/** "Questions: support@acme.io" -> "Questions? Write to support@acme.io.": an address for questions said as an invitation to write. */
export function questionsLine(line: string): string {
  const address = /^(?:any\s+)?questions?\??\s*[:\-–]\s*(\S+@\S+\.\w+?)[.]?$/i.exec(line.trim())?.[1];
  return address ? `Questions? Write to ${address}.` : sentenceStart(line);
}

/** "acme" typed as whom a business email goes to: "Hi Acme team,"; a first name the lexicon knows: "Hi Sam,". Groups and people named in full are left to the usual greeting. */
export function companyGreeting(audience: string | undefined): string | undefined {
  const word = audience?.trim();
  if (!word || !/^[\p{L}&.-]+$/u.test(word) || /^(?:customers|clients|team|everyone|staff|users|members|finance|accounts|billing)$/i.test(word)) return undefined;
  const name = `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  return isKnownName(word) ? `Hi ${name},` : `Hi ${name} team,`;
}
