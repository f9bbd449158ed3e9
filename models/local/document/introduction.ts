import { capitalize } from '../text/phrases.js';

/**
 * "write an intro email connecting sarah (our new designer) with tom from marketing, they should
 * meet about the rebrand": the two people, what each is (as the ask says it), and why they should
 * talk. Group 1 and 2: the two people as typed; the rest of the sentence is the reason.
 */
export const introduction = /\b(?:intro(?:duction)?|introduc(?:e|es|ing))\b(?:\s+(?:e-?mail|note|message))?\s+(?:connecting|between|for|of|introducing)?\s*(.+?)\s+(?:with|and|to)\s+(.+?)(?=,|;|\s+(?:so\s+(?:that\s+)?they|because|to\s+(?:talk|chat|meet|discuss))\b|$)/i;

interface Person {
  name: string;
  about: string | undefined;
}

/** "sarah (our new designer)" -> Sarah, "our new designer"; "tom from marketing" -> Tom, "from marketing". */
function personOf(typed: string): Person | undefined {
  const found = /^([\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)?)\s*(?:\(([^)]+)\)|,?\s+((?:from|at|on|in|who|our|the|a|an)\b.+))?$/u.exec(typed.trim());
  if (!found) return undefined;
  return { name: found[1]!.split(/\s+/).map(capitalize).join(' '), about: (found[2] ?? found[3])?.trim() };
}

function said(person: Person): string | undefined {
  if (!person.about) return undefined;
  // "from marketing", "at Figma": where they are; "our new designer", "who leads sales": what they are.
  const about = /^(?:from|at|on|in)\b/i.test(person.about) ? `is ${person.about}` : /^who\b/i.test(person.about) ? person.about.replace(/^who\s+/i, '') : `is ${person.about}`;
  return `${person.name} ${about}`;
}

/** The introduction's subject, greeting, body and closing line; undefined when the ask names no two people. */
export function introductionOf(sentence: string): { subject: string; audience: string; sentences: string[]; callToAction: string; introduced: [string, string] } | undefined {
  const match = introduction.exec(sentence);
  if (!match) return undefined;
  const one = personOf(match[1]!.replace(/^(?:connecting|between|introducing)\s+/i, ''));
  const two = personOf(match[2]!);
  if (!one || !two) return undefined;
  const rest = sentence.slice(match.index + match[0].length).replace(/^[,;]\s*/, '').trim();
  const reason = /^(?:(?:they|you)\s+(?:should|could|need\s+to|want\s+to|can)\s+|so\s+(?:that\s+)?they\s+can\s+|to\s+)(.+)$/i.exec(rest)?.[1]?.replace(/[.!]+$/, '');
  const facts = [said(one), said(two)].filter((line): line is string => line !== undefined);
  return {
    subject: `Introduction: ${one.name} and ${two.name}`,
    audience: `${one.name} and ${two.name}`,
    sentences: [
      'I would like to introduce you to each other.',
      ...(facts.length > 0 ? [`${facts.join(', and ')}.`] : []),
      ...(reason ? [`You should ${reason.replace(/^(?:you\s+)?(?:should\s+)?/i, '')}.`] : []),
    ],
    callToAction: 'I will let you two take it from here.',
    introduced: [one.name, two.name],
  };
}
