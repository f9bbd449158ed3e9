import { calendarCase, capitalize } from '../text/phrases.js';
import { isKnownName } from '../text/people.js';

/**
 * "write a follow-up email after the demo with acme yesterday, thank them and suggest next steps":
 * a message that follows up on something that happened (a demo, a call, an interview). What it
 * follows up on and with whom are read from the ask; the instructions after it ("thank them",
 * "suggest next steps") are what a follow-up does anyway, never its subject.
 */
export interface FollowUp {
  /** What happened, without whom it was with: "the demo yesterday", "our call". */
  event: string;
  /** Whom it was with, as the ask names them ("Acme", "Dana"), when it does. */
  who?: string;
  /** True when `who` is a person's first name (greeted by name), false for a company (greeted as its team). */
  person: boolean;
  /** What it follows up on: a meeting of some kind (thanked for), an interview (the candidate writes), or a thing sent (a proposal, a quote: asked about). */
  on: 'meeting' | 'interview' | 'sent';
}

// "the proposal we sent", "our quote", "my application": something sent, not a time spent together.
const sentThing = /\b(?:proposals?|quotes?|quotations?|offers?|applications?|invoices?|estimates?|contracts?|pitch\s+deck|deck|e-?mails?|messages?|cvs?|resumes?|samples?|drafts?)\b/i;

/** "follow-up email", "follow up note", "email to follow up", "following up": the ask names a follow-up. */
export const followUpName = /\b(?:follow(?:ing)?[\s-]*ups?(?:\s+(?:e-?mail|note|message|letter))?|e-?mail\s+(?:to\s+)?follow(?:ing)?\s+up)\b/i;

// What the follow-up is on: "after the demo ...", "on our call", "to the interview", "from the meeting".
// Whom it goes to is one word, or two when the second is capitalised ("to Dana Lee", not "to dana about").
const on = /^(?:\s+(?:[Ee]-?mail|[Nn]ote|[Mm]essage|[Ll]etter))?\s+(?:(?:[Tt]o|[Ww]ith)\s+(?<who>[\w'’-]+(?:\s+[A-Z][\w'’-]+)?)\s+)?(?:[Aa]fter|[Oo]n|[Ff]rom|[Aa]bout|[Rr]egarding|[Rr]e|[Tt]o|[Ff]or)\s+(?<what>.+)$/;
// The instructions that follow what happened: ", thank them and suggest next steps".
const instructions = /\s*[,;]\s*|\s+(?:and|then)\s+(?=(?:thank|suggest|propose|recap|summari[sz]e|list|include|mention|ask|offer|share|attach|send|confirm|remind)\b)/i;
// "with acme", "with Dana from Acme": whom it happened with.
const withWhom = /\s+with\s+(?:the\s+)?(?<who>[\w'’&.-]+(?:\s+[A-Z][\w'’&.-]+)?)(?:\s+team)?(?=\s|$)/;

/** The follow-up an ask names, or undefined. */
export function followUpOf(sentence: string): FollowUp | undefined {
  const named = followUpName.exec(sentence);
  if (!named) return undefined;
  const found = on.exec(sentence.slice(named.index + named[0].length))?.groups;
  if (!found?.what) return undefined;
  let event = found.what.split(instructions)[0]!.replace(/[.!?]+$/, '').trim();
  let who = found.who;
  const inside = withWhom.exec(event);
  if (inside) {
    who ??= inside.groups!.who;
    event = `${event.slice(0, inside.index)}${event.slice(inside.index + inside[0].length)}`.trim();
  }
  if (event.split(/\s+/).length < 1 || /^(?:them|him|her|it|this|that)$/i.test(event)) return undefined;
  // "the demo" reads as a thing that happened; a bare "demo" takes its article.
  if (!/^(?:the|our|my|your|their|a|an|this|last|yesterday|today|\p{Lu})/iu.test(event)) event = `the ${event}`;
  // "my interview" is the one the reader held: "the interview".
  event = calendarCase(event.replace(/^my\s+(?=interview)/i, 'the '));
  const name = who && !/^(?:them|him|her|us|you|everyone)$/i.test(who) ? who.split(/\s+/).map(capitalize).join(' ') : undefined;
  const kind = /\binterview/i.test(event) ? 'interview' : sentThing.test(event) && !/\b(?:call|meeting|demo|chat|visit|workshop|session)\b/i.test(event) ? 'sent' : 'meeting';
  return { event, ...(name ? { who: name } : {}), person: name !== undefined && name.split(/\s+/).length === 1 && isKnownName(name), on: kind };
}

/** "the demo yesterday" -> "yesterday's demo"; "our call last week" -> "last week's call"; others as they are. */
export function eventTitle(event: string): string {
  const dated = /^(?:the|our)\s+((?:(?!(?:we|i|you|they)\b)[\w-]+\s+){0,2}[\w-]+)\s+(yesterday|today|this\s+morning|this\s+afternoon|last\s+week|last\s+\w+day|on\s+\w+day)$/i.exec(event);
  if (!dated) return event;
  return `${calendarCase(dated[2]!.replace(/^on\s+/i, ''))}'s ${dated[1]}`;
}
