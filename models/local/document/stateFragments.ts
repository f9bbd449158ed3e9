/**
 * How people type what happened in an incident: "down 2 hours", "app was down 2 hours", "fixed
 * now", "all fixed", "back up". Said as sentences: "We were down for 2 hours.", "The app was down
 * for 2 hours.", "It is fixed now." Only these forms; anything else is left to the caller.
 * No fact is added: the words are the ask's, with the subject, "to be" and "for" a sentence needs.
 */

// "app was down 2 hours", "the site down for 3 hours", "down 2 hours", "offline 40 minutes".
const downFor = /^(?:(?:the\s+|our\s+)?(?<thing>[\p{L}-]+(?:\s+(?!was\b|were\b)[\p{L}-]+)?)\s+(?:(?<was>was|were)\s+)?)?(?<state>down|offline|unavailable|unreachable)\s+(?:for\s+)?(?<time>(?:about|around|almost|nearly|over|under)?\s*\d[\d.,]*\s*(?:-\s*\d+\s*)?(?:min(?:ute)?s?|h(?:ou)?rs?|hours?|days?)\b.*)$/iu;
// "fixed now", "all fixed", "it's resolved", "everything's back up", "back online now".
const nowFine = /^(?:(?<who>it['’]s|it\s+is|everything['’]s|everything\s+is|all|now)\s+)?(?<state>fixed|resolved|sorted|restored|back\s+up|back\s+online|back\s+to\s+normal|working\s+again|up\s+again|up\s+and\s+running)(?:\s+(?<now>now|again))?$/i;

/** The sentence a typed incident fragment stands for, without its full stop; undefined for any other text. */
export function stateSentence(fragment: string): string | undefined {
  const text = fragment.trim().replace(/[.!]+$/, '');
  const down = downFor.exec(text)?.groups;
  if (down) {
    const thing = down.thing?.toLowerCase();
    // "we down 2 hours" is not how people type it; "app down", "the site was down" name what was.
    if (thing && /^(?:we|it|they|i|everything|all)$/i.test(thing)) return undefined;
    const time = down.time!.trim().replace(/\bhrs?\b/i, 'hours').replace(/\bmins?\b/i, 'minutes');
    return thing ? `The ${thing} ${down.was ?? (/s$/.test(thing) ? 'were' : 'was')} ${down.state!.toLowerCase()} for ${time}` : `We were ${down.state!.toLowerCase()} for ${time}`;
  }
  const fine = nowFine.exec(text)?.groups;
  if (fine) {
    const who = fine.who?.toLowerCase() ?? '';
    const subject = /^everything/.test(who) ? 'Everything is' : 'It is';
    const all = who === 'all' ? 'all ' : '';
    const now = fine.now ? ` ${fine.now.toLowerCase()}` : who === 'now' ? ' now' : '';
    return `${subject} ${all}${fine.state!.toLowerCase()}${now}`;
  }
  return undefined;
}

/** "app was down 2 hours, fixed now" -> "The app was down for 2 hours. It is fixed now."; undefined unless every part is such a fragment. */
export function stateLine(line: string): string | undefined {
  const parts = line.trim().replace(/[.!]+$/, '').split(/,\s*(?:and\s+)?|\s+and\s+(?=(?:fixed|resolved|all|now|it|everything|back)\b)/i);
  const sentences = parts.map(stateSentence);
  return sentences.every((sentence) => sentence !== undefined) ? sentences.map((sentence) => `${sentence}.`).join(' ') : undefined;
}
