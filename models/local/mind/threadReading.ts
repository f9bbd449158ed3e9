import { withoutChatNoise } from '../revise/chatNoise.js';
import type { StageInput } from '../../types.js';
import { calendarCase, capitalize, literal } from '../text/phrases.js';
import type { MeetingFindings, Utterance } from './meeting.js';
import { openAsks, positionLine, positionsOf, tldr, wantsReply } from './thread.js';

/** What the mind crew renders for a thread (thread.ts reads it): positions, open asks, who decided. */

export interface ThreadReading {
  /** "Ben: Braga (cheaper is better this year)". */
  positions: string[];
  /** "Decide Porto or Braga by Friday (asked by Ana)". */
  open: string[];
  /** The brief asks what the reader has to reply: the open asks come first, headed as such. */
  reply: boolean;
  /** Who said each decision ("Agreed, Porto it is" -> "Ana"). */
  deciders: Map<string, string>;
}

/**
 * A thread's positions and open asks, and the statements left for its summary (those not said in
 * either); a "tl;dr" keeps the summary short.
 */
export function threadReading(findings: MeetingFindings, subject: string | undefined, input: StageInput, corpus: string, inOrder: boolean): { reading: ThreadReading; rest: Utterance[]; input: StageInput } {
  const positions = positionsOf(findings.utterances);
  // Only a thread read in the order it was written says which question came last.
  const waiting = (inOrder ? unanswered(findings.utterances) : []).filter((question) => !findings.asks.some((ask) => ask.text === question.text));
  const open = [...openAsks(findings.asks, positions, subject, findings.decisions.length > 0, corpus), ...waiting.map((question) => `${capitalize(question.text.replace(/^(?:and|also|so|oh|btw|plus)\b,?\s+/i, ''))} (asked by ${question.speaker})`)];
  // A position, an ask, a question still waiting or a decision is said in its own section, once.
  const said = new Set([...positions.map((position) => position.text), ...findings.asks.map((ask) => ask.text), ...waiting.map((question) => question.text), ...findings.decisions]);
  // A pasted thread is short and each message counts: the summary keeps up to 8 statements, 3 for a "tl;dr".
  const length = input.requirements.summary_length ?? input.requirements.length ?? (tldr(input.brief) ? 'short' : 'long');
  return {
    reading: { positions: positions.map(positionLine), open, reply: wantsReply(input.brief), deciders: new Map(findings.utterances.filter((utterance) => utterance.speaker && findings.decisions.includes(utterance.text)).map((utterance) => [utterance.text, utterance.speaker!])) },
    rest: findings.utterances.filter((utterance) => !said.has(utterance.text)),
    input: { ...input, requirements: { ...input.requirements, summary_length: length } },
  };
}

/** The questions no one else wrote after: "Can you ask Tom in finance to send them by Wednesday?" as the thread's last word. */
function unanswered(utterances: Utterance[]): Utterance[] {
  return utterances.filter((utterance, index) => utterance.speaker && utterance.text.trim().endsWith('?') && !utterances.slice(index + 1).some((later) => later.speaker && later.speaker !== utterance.speaker));
}

/** "ok let's go with Wednesday 2pm." -> "Let's go with Wednesday 2pm (Tom)": a thread's decision without its chat filler, with who made it. */
export function threadDecision(decision: string, thread: ThreadReading): string {
  const who = thread.deciders.get(decision);
  const text = capitalize(calendarCase(withoutChatNoise(decision) || decision));
  return who ? `${text.replace(/[.!]+$/, '')} (${who})` : text;
}

/**
 * A thread is short, so one word said twice is no topic ("Alternative", "Easier"): a thread's
 * topics are phrases ("London team", "incident note") or names written with a capital mid-sentence ("Porto").
 */
export function namedInThread(topic: string, corpus: string): boolean {
  return /\s/.test(topic.trim()) || new RegExp(String.raw`[\p{Ll}\d,]\s+${literal(capitalize(topic))}\b`, 'u').test(corpus);
}
