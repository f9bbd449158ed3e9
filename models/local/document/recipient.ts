import type { Item } from './material.js';

/**
 * Whom a message goes to, when the notes say so as a note to the writer: "client is Acme,
 * contact jen", "contact: Dana Lee", "to: jen". Such a line is no sentence of the message: it
 * names who is greeted ("Hi Jen,").
 */
export interface Recipient {
  /** The line that said it, left out of the message. */
  item: Item;
  /** The person's first name, in capitals ("Jen"); undefined when the line names only a company. */
  name?: string;
}

const contact = /\b(?:contact(?:\s+(?:person|is))?|point\s+of\s+contact(?:\s+is)?|poc(?:\s+is)?|recipient(?:\s+is)?|send\s+(?:it\s+)?to|to)\s*[:=]?\s*(\p{L}[\p{L}'’-]+)/iu;
// "client is Acme", "client is acme, contact jen", "contact: Dana Lee": a company by its capital, or a
// client with a contact of one or two words; "the client is unhappy about the delay" is news.
const client = String.raw`(?:the\s+)?(?:client|customer|company|account)\s+is\s+`;
const addressLine = new RegExp(String.raw`^(?:${client}\p{Lu}[\p{L}&.'’-]*(?:\s+\p{Lu}[\p{L}&.'’-]*){0,2}|${client}[\p{L}&.'’-]+(?:\s+[\p{L}&.'’-]+){0,2}[,;]\s*(?:and\s+)?(?:the\s+)?(?:contact|poc|point\s+of\s+contact)(?:\s+is)?\s*:?\s*[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?|(?:contact|poc|point\s+of\s+contact|recipient)\s*(?:is\s+|:\s*)[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)$`, 'u');

export function recipientOf(items: readonly Item[]): Recipient | undefined {
  for (const item of items) {
    // "Client is Acme": the line's own capital is the sentence's, not a name's.
    const typed = item.text.trim().replace(/[.]$/, '');
    const text = /^(?:the|client|customer|company|account|contact|poc|point|recipient)\b/i.test(typed) ? `${typed.charAt(0).toLowerCase()}${typed.slice(1)}` : typed;
    if (!addressLine.test(text)) continue;
    const person = contact.exec(text)?.[1];
    return { item, ...(person ? { name: `${person.charAt(0).toUpperCase()}${person.slice(1).toLowerCase()}` } : {}) };
  }
  return undefined;
}
