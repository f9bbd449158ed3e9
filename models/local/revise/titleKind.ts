import { isPlural, lowerFirst } from '../text/phrases.js';

/**
 * What a title says its document is, and about what: "Meeting summary: Product Sync" is a meeting
 * summary of Product Sync, "Team invites: product requirements" requirements for team invites,
 * "Tickets" tickets about nothing named. Revisions that speak about the document as a whole (a
 * title as a question, a friendly opening) say it in the words of its kind.
 */
export type TitleKind = 'meeting' | 'retro' | 'requirements' | 'tickets' | 'plan';

const kinds: Array<[TitleKind, RegExp]> = [
  ['meeting', /^(?:meeting\s+)?(?:summary|notes|recap|minutes)$/i],
  ['retro', /^(?:retrospective|retro)$/i],
  ['requirements', /^(?:product\s+requirements|requirements|prd|spec(?:ification)?|technical\s+spec)$/i],
  ['tickets', /^(?:tickets|bugs|issues|tasks)$/i],
  ['plan', /^(?:roadmap|plan|release\s+plan)$/i],
];

const kindOf = (text: string) => kinds.find(([, pattern]) => pattern.test(text.trim()))?.[0];

/** The kind the title names and its subject (none when the title is the kind alone: "Tickets"). */
export function titleKind(title: string): { kind: TitleKind; subject?: string } | undefined {
  const text = title.trim().replace(/[\s.!?]+$/, '');
  const [head, tail] = text.split(/:\s+/, 2) as [string, string | undefined];
  if (tail !== undefined) {
    const first = kindOf(head);
    if (first) return { kind: first, subject: tail.trim() };
    const second = kindOf(tail);
    if (second) return { kind: second, subject: head.trim() };
    return undefined;
  }
  const alone = kindOf(text);
  return alone ? { kind: alone } : undefined;
}

/** "login bug" -> "the login bug"; a plural ("team invites"), a name ("Sprint 14") or a determined phrase takes no "the". */
export function theThing(phrase: string): string {
  const words = phrase.split(/\s+/);
  if (words.every((word) => /^[A-Z0-9]/.test(word))) return phrase;
  return isPlural(phrase) || /^(?:the|a|an|our|your|my|this|these|those|\d)\b/i.test(phrase) ? lowerFirst(phrase) : `the ${lowerFirst(phrase)}`;
}
