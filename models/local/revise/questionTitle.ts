import type { Block } from '../text/blocks.js';
import { compromise } from '../text/compromise.js';
import { verbBase, verbInflection } from '../text/grammar.js';
import { lowerFirst, stripEndPunctuation } from '../text/phrases.js';
import { theThing, titleKind, type TitleKind } from './titleKind.js';
import { failed, type ChangeOutcome } from './outcome.js';
import { retitle } from './wording.js';

/**
 * "make the title a question", "turn the subject line into a question": the title asks about what
 * it says, in a form a headline takes. "We move to the new office on March 3" is "Ready for the
 * move to the new office on March 3?"; "Why we moved from Heroku to AWS" is "Why did we move from
 * Heroku to AWS?"; a kind and a name ("Meeting summary: Product Sync") asks what the kind holds
 * ("What happened at Product Sync?"); a thing ("New API pricing") is "What's new in API pricing?".
 * Only the title changes; a title that names nothing to ask about is left as it is, saying why.
 */
export const questionTitle =
  /\b(?:(?:make|turn|change|rewrite|reword|rephrase|phrase|convert)\s+the\s+(?:title|headline|heading|subject(?:\s+line)?)\s+(?:(?:in)?to\s+|as\s+)?a\s+question|(?:title|headline|subject(?:\s+line)?)\s+(?:as|be|should\s+be|could\s+be|in\s+the\s+form\s+of)\s+a\s+question|(?:use\s+)?a\s+question\s+(?:as|for)\s+(?:the\s+)?(?:title|headline|subject(?:\s+line)?))\b/i;

// A verb whose noun is itself, or a near form: "we move" is "the move", "we launch" is "the launch".
const nouns: Record<string, string> = { move: 'move', launch: 'launch', switch: 'switch', migrate: 'migration', release: 'release', upgrade: 'upgrade', relocate: 'relocation', open: 'opening', return: 'return', rebrand: 'rebrand', change: 'change', expand: 'expansion', start: 'start' };
const preposition = /^(?:to|from|into|onto|on|at|in|for|with|across|over|back)\b/i;
// What each kind of document asks about its subject.
const kindQuestions: Record<TitleKind, (subject: string) => string> = {
  meeting: (subject) => `What happened at ${subject}?`,
  retro: (subject) => `What did we learn in ${subject}?`,
  requirements: (subject) => `What should ${theThing(subject)} do?`,
  tickets: (subject) => `What needs fixing in ${theThing(subject)}?`,
  plan: (subject) => `What's next for ${theThing(subject)}?`,
};

/** The question `title` asks, or undefined when it names nothing to ask about. */
export function asQuestion(title: string): string | undefined {
  const text = stripEndPunctuation(title);
  // "Meeting summary: Product Sync, Tuesday", "Team invites: product requirements": a kind and what it is about.
  const kind = titleKind(text);
  if (kind) return kind.subject ? kindQuestions[kind.kind](kind.subject) : undefined;
  // "Why we moved from Heroku to AWS" -> "Why did we move from Heroku to AWS?".
  const why = /^(why|how)\s+(we|i)\s+(\S+)\s+(.+)$/i.exec(text);
  if (why) {
    const verb = verbInflection(why[3]!);
    if (verb?.form === 'past') return `${why[1]} did ${why[2]} ${verb.base} ${why[4]}?`;
    const base = verb?.base ?? verbBase(why[3]!);
    if (base) return `${why[1]} do ${why[2]} ${base} ${why[4]}?`;
  }
  // "We move to the new office on March 3" -> "Ready for the move to the new office on March 3?".
  const clause = /^(?:we|i|our\s+team)(?:['’]re|\s+are|\s+will|['’]ll|\s+am)?\s+(\S+)\s+(.+)$/i.exec(text);
  const base = clause ? verbBase(clause[1]!) : undefined;
  if (clause && base && nouns[base]) return `Ready for the ${nouns[base]} ${preposition.test(clause[2]!) ? '' : 'of '}${clause[2]}?`;
  // "New API pricing" -> "What's new in API pricing?"; "5 tips for remote onboarding" -> "Want 5 tips for remote onboarding?".
  if (/^new\s+\S/i.test(text)) return `What's new in ${text.replace(/^new\s+/i, '')}?`;
  if (/^\d+\s+\S/.test(text)) return `Want ${text}?`;
  // A clause ("Dark mode ships tomorrow"); a lone "-ing" word is a thing there ("API pricing"), not a verb.
  if (clause || (compromise()(text).verbs().out('array') as string[]).some((verb) => !/^\p{L}+ing$/iu.test(verb.trim()))) return `Did you know ${lowerFirst(text)}?`;
  // A single word ("Announcement") names nothing to ask about.
  if (text.split(/\s+/).length < 2) return undefined;
  return `What do you need to know about ${theThing(text)}?`;
}

export function titleAsQuestion(blocks: Block[]): ChangeOutcome {
  const part = 'title as a question';
  const heading = blocks.find((block) => block.type === 'heading' && block.level === 1);
  const subject = blocks.find((block) => block.type === 'paragraph' && /^\*\*Subject:\*\*/.test(block.text));
  const title = heading?.text ?? subject?.text.replace(/^\*\*Subject:\*\*\s*/, '');
  if (title === undefined) return failed(part, 'the document has no title or subject line (a post opens with its first line; say the question you want it to open with)');
  if (title.trim().endsWith('?')) return failed(part, `the title "${title}" is a question already`);
  const question = asQuestion(title);
  if (!question) return failed(part, `the title "${title}" names no subject to ask about; give the question you want ("change the title to ...")`);
  const outcome = retitle(blocks, question);
  return { ...outcome, part: `${part}: ${question}`, change: { type: 'retitle', from: title, to: question } };
}
