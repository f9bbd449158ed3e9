import { capitalize } from '../text/phrases.js';
import { namedBeyondSubject, type BriefReading } from '../text/briefReading.js';
import { applyTone, type Tone } from '../text/tone.js';

export interface BareMeetingOptions {
  /** The client asked for a priority ranking: the draft asks what matters most (it ranks nothing). */
  ranked: boolean;
  /** The brief calls them follow-ups. */
  followUps: boolean;
  /** Knowledge passages (or search results) found for the brief, already cited. */
  knowledge: string[];
  tone?: Tone;
}

/**
 * Meeting notes for a brief that came without a transcript or notes: a titled frame built from the
 * brief's subject, audience and named terms. Each section says in one sentence what it records
 * from that meeting and asks what the notes must answer. Invariants: no decision, owner, date or
 * figure is stated (there is none to report); the headings never read as the requirement they
 * cannot meet ("Action items", "Priority ranking"), so those stay reported unmet.
 */
export function bareMeetingNotes(title: string, reading: BriefReading, options: BareMeetingOptions): string {
  const meeting = theSubject(reading.subject);
  const terms = namedBeyondSubject(reading).slice(0, 2);
  const blocks = [`# ${title}`];
  blocks.push(
    [
      `These notes are for ${meeting}${reading.audience ? `, written for ${reading.audience}` : ''}.`,
      `They cover what ${meeting} decided, who takes each next step, and which questions it left open.`,
      reading.goal ? `Their goal: ${reading.goal}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  blocks.push(`## What ${meeting} decided`, `This section lists each decision of ${meeting}, with the reason given for it.`, bullets([`What was decided in ${meeting}, and why?`, 'Which earlier plan does each decision change?']));
  blocks.push(
    `## ${options.followUps ? 'Follow-ups: who does what next' : 'Who does what next'}`,
    `This section names each next step from ${meeting}, with its owner and due date kept apart from the task.`,
    bullets(['Who owns each next step, and by when is it due?', ...(options.ranked ? ['Which of these matters most, and which can wait?'] : ['Which next step has to happen before the others?'])]),
  );
  for (const term of terms) blocks.push(`## ${capitalize(term)}`, `This section records what ${meeting} said about ${term}.`, bullets([`What was said about ${term}, and what follows from it?`]));
  blocks.push(`## What is still open`, `This section keeps the risks and open questions ${meeting} raised but did not settle.`, bullets(['Which risks or open questions are still open?', 'Who will bring an answer, and when?']));
  // What the workspace's knowledge base (or a search tool) found for the brief still helps.
  if (options.knowledge.length > 0) blocks.push('## Related knowledge', bullets(options.knowledge));
  const markdown = blocks.join('\n\n');
  return options.tone ? applyTone(markdown, options.tone) : markdown;
}

function bullets(items: string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

/** "the ops meeting", "Q3 planning": a lower-case subject gets its article back. */
export function theSubject(subject: string): string {
  return /^[a-z]/.test(subject) && !/^(?:the|a|an|our|my|this|last|next)\s/i.test(subject) ? `the ${subject}` : subject;
}
