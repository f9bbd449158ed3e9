import { compromise } from '../text/compromise.js';

/**
 * "drop the bit about hiring" on "We are opening a new office in Lisbon in March, hiring 10
 * engineers.": the clause about hiring goes, the news stays ("We are opening a new office in Lisbon
 * in March."). A clause is a part after a comma, a semicolon or a dash; the sentence keeps its first
 * part, which must be about something else and say it with a verb. Otherwise (the topic is the
 * sentence's own subject, or what is left says nothing) undefined: the whole sentence goes.
 */
export function withoutClause(sentence: string, about: (text: string) => boolean): string | undefined {
  const end = /[.!?]+["'”’)]?$/.exec(sentence.trim())?.[0] ?? '';
  const body = sentence.trim().slice(0, sentence.trim().length - end.length);
  const parts = body.split(/\s*(?:,|;|\s[-–—])\s+(?:and\s+|but\s+)?/);
  if (parts.length < 2 || about(parts[0]!) || !parts.slice(1).some(about)) return undefined;
  const kept = parts.filter((part) => !about(part));
  if (!compromise()(kept[0]!).has('#Verb')) return undefined;
  return `${kept.join(', ')}${end || '.'}`;
}
