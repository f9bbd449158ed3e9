import { nounPhrases, verbBase } from '../text/grammar.js';
import { capitalize, lowerFirst } from '../text/phrases.js';
import { titled } from './context.js';

const longest = 8;
// Where a news line's headline ends: the reason, the manner or the aside after its news.
const cut = /,\s|\s[-–—]\s|\s(?:after|because|since|so|which|who|with|thanks\s+to|as|while|but|and\s+then)\s/i;

/**
 * A news line's headline, from its own words: "The pool reopens on 3 March after the retiling"
 * -> "Pool reopens on 3 March"; "the AGM is on 20 March, 8pm" -> "AGM on 20 March"; thanks ->
 * "Thank you". The line's start up to its first aside, without its article, at most eight words;
 * a longer one, or a line with no aside (the headline would repeat it), is headed by its first
 * noun phrase.
 */
export function headlineOf(line: string): string {
  const text = line.trim().replace(/[.!?]+$/, '');
  if (/^(?:(?:a\s+)?(?:big|huge|special)?\s*thanks?\b|thank\s+you\b)/i.test(text)) return 'Thank you';
  // "Please submit expenses by Friday": the request is the headline.
  if (/^please\s+\w/i.test(text)) return headlineOf(text.replace(/^please\s+/i, ''));
  const at = cut.exec(text);
  const whole = !(at && text.slice(0, at.index).split(/\s+/).length >= 3);
  let head = whole ? text : text.slice(0, at.index);
  // "we're closed Oct 31 for a staff party": the news is what is, not who says it ("Closed Oct 31 ...").
  head = head.replace(/^(?:the|a|an|our)\s+/i, '').replace(/^(?:we|they)(?:['’]re|['’]ll\s+be|\s+are|\s+will\s+be)\s+(?=\p{Ll})/iu, '').replace(/\s+(?:is|are|will\s+be)\s+(?=(?:on|at|in|from|back|open|closed)\b)/i, ' ');
  // A headline that would be the whole line again is its subject: "Membership fees go up by 5% from April" -> "Membership fees".
  if (head.split(/\s+/).length > longest || (whole && head.split(/\s+/).length > 4)) {
    // One word ("Priya") says less than the line itself: then the line, when short enough, heads it.
    const found = nounPhrases(text)[0]?.map((word) => word.text);
    // "summer sale runs" of "our summer sale runs from July 1": the verb read as a noun ends no headline; its subject does.
    const last = found?.at(-1)?.toLowerCase() ?? '';
    const phrase = found && found.length >= 3 && /s$/.test(last) && verbBase(last) !== undefined && verbBase(last) !== last && /^\s+(?:from|to|on|at|in|until|till|through|every|this|next|for)\b/i.test(text.slice(text.toLowerCase().indexOf(found.join(' ').toLowerCase()) + found.join(' ').length)) ? found.slice(0, -1) : found;
    // Only the line's own opening phrase heads it: "barista sam joins" cut out of "new barista sam joins from portland" is no headline.
    // Nor does one cut before its figure: "closed Oct" of "closed Oct 31 for a staff party".
    const opens = phrase !== undefined && head.toLowerCase().startsWith(phrase.join(' ').toLowerCase()) && !/^\s+\d/.test(head.slice(phrase.join(' ').length));
    if (phrase && opens && (phrase.length >= 2 || head.split(/\s+/).length > longest)) head = phrase.join(' ');
    else if (head.split(/\s+/).length > longest) head = head.split(/\s+/).slice(0, longest).join(' ');
  }
  return capitalize(head);
}

// Words a heading cannot end on: "Every walker is insured and" is cut mid-thought.
const dangling = /^(?:and|or|but|of|to|in|on|at|for|with|by|from|a|an|the|each|every|is|are|was|were|be|your|our|their|its|that|which|who|as|than|so)$/i;

/** A benefit's heading: its statement's first words, at most five, never ending on a word that leads on ("Live GPS tracking"). */
export function benefitTitle(text: string): string {
  const words = text.replace(/[.!?]$/, '').split(/\s+/);
  let end = Math.min(5, words.length);
  while (end > 2 && (dangling.test(words[end - 1]!.replace(/[,.;:]$/, '')) || /[,;:]$/.test(words[end - 2]!))) end -= 1;
  return titled(words.slice(0, end).join(' ').replace(/[,.;:]$/, ''));
}

/** "my notes", "the notes below", "these bullets": a subject that only points at the material. */
export const notesSubject = /^(?:(?:my|our|the|these|some)\s+)?(?:notes?|bullets|bullet\s+points|points)(?:\s+(?:below|above))?$/i;

/**
 * A post written "from my notes" is titled by what its first note tells, not "Notes": "we switched
 * our CI from Jenkins to GitHub Actions last month" -> "How we switched our CI from Jenkins to
 * GitHub Actions" (a story told by its doers is a "how"); the line's aside and when it happened are
 * left to the post.
 */
export function notesTitle(first: string): string {
  const head = first.split(/[,;:.!?]\s|\s[-–—]\s/)[0]!.replace(/\s+(?:last|this|next)\s+(?:week|month|quarter|year|sprint)$|\s+(?:yesterday|today|recently)$/i, '').trim();
  const words = head.split(/\s+/);
  const short = words.length > 12 ? words.slice(0, 12).join(' ') : head;
  return /^we\s+\w+ed\b/i.test(short) ? `How ${lowerFirst(short)}` : titled(short);
}
