import { compromise } from '../text/compromise.js';
import { clauseSubject, verbInflection } from '../text/grammar.js';

/**
 * Facts typed after a statement as fragments, read as the sentences they stand for:
 * "we are opening a new office in lisbon in march, hiring 10 engineers, room for 40 people"
 * -> "We are opening a new office in Lisbon in March, with room for 40 people." and "We are
 * hiring 10 engineers." A gerund is said by the statement's own subject ("we", "I", "they"); a
 * noun phrase with no verb is what the statement's thing comes with. Nothing else is rewritten,
 * and no word is added but the subject, its "to be" and "with".
 */

const be: Record<string, string> = { we: 'are', they: 'are', i: 'am' };

/** "hiring 10 engineers": a gerund opening a fragment with no subject. */
function gerund(line: string): boolean {
  const first = /^\p{L}+/u.exec(line)?.[0] ?? '';
  return /ing$/i.test(first) && verbInflection(first.toLowerCase())?.form === 'gerund' && !/^(?:everything|nothing|something|anything|morning|evening|ceiling|building|meeting|clothing|pudding|spring|string|thing|king|ring|wing)$/i.test(first);
}

/** "room for 40 people", "space for 12 desks": a noun phrase (no verb, opens with a noun) that a place or a thing comes with. */
function withPhrase(line: string): boolean {
  const terms = (compromise()(line).json() as Array<{ terms: Array<{ tags: string[] }> }>).flatMap((sentence) => sentence.terms);
  const first = terms[0]?.tags ?? [];
  return terms.length >= 2 && first.includes('Noun') && !first.includes('Value') && !first.includes('Pronoun') && !first.includes('Date') && !first.includes('ProperNoun') && !terms.some((term) => term.tags.includes('Verb')) && /\bfor\b/i.test(line);
}

/** The lines with fragments after the first statement said as sentences; lines are sentences ending in ".". */
export function fragmentsSaid(lines: string[]): string[] {
  const [first, ...rest] = lines;
  if (!first) return lines;
  const subject = clauseSubject(first)?.toLowerCase();
  const verb = subject ? be[subject] : undefined;
  if (!subject || (!verb && !rest.some(withPhrase))) return lines;
  let lead = first;
  const after: string[] = [];
  for (const line of rest) {
    const text = line.replace(/[.]$/, '');
    if (verb && gerund(text)) after.push(`${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${verb} ${text.charAt(0).toLowerCase()}${text.slice(1)}.`);
    else if (withPhrase(text) && !lead.includes(', with ')) lead = `${lead.replace(/[.!]$/, '')}, with ${text.charAt(0).toLowerCase()}${text.slice(1)}.`;
    else after.push(line);
  }
  return [lead, ...after];
}
