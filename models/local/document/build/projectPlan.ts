import type { PhaseData } from '../../../../schemas/deliverables/index.js';
import { isKnownName, everydayNames } from '../../text/people.js';
import { calendarCase, capitalize, capitalizeWords } from '../../text/phrases.js';
import { dayWords, readableDate } from '../../text/dates.js';
import { kindOf, skeletonSteps } from './planSkeletons.js';
import { placeCase } from '../../text/places.js';
import { sentenceStart } from '../context.js';

/**
 * A project plan (pilot's roadmap asked for as a plan: "plan the migration of our billing service
 * to AWS by end of January", "launch plan for the app"): its deadline, its steps one per line of
 * the notes, and, when the request carries no notes, the steps such a project usually takes, each
 * asking what the team must settle (no date but the deadline, no owner, no figure is made up).
 */

const month = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const day = String.raw`(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?`;
// "jan 10", "10 jan", "jan 24-25", "march 1st 2027", "q1", "2027-01-31", "friday", "next week", "end of the month".
const date = String.raw`(?:${month}\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?(?:\s*[-–]\s*\d{1,2}(?:st|nd|rd|th)?)?)?(?:,?\s+\d{4})?|\d{1,2}(?:st|nd|rd|th)?(?:\s*[-–]\s*\d{1,2})?\s+${month}(?:\s+\d{4})?|q[1-4](?:\s+\d{4})?|h[12](?:\s+\d{4})?|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|${day}|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)|(?:next|this)\s+(?:week|month|quarter|year|${day})|(?:the\s+)?(?:end|start|beginning|middle)\s+of\s+(?:the\s+)?(?:week|month|quarter|year|sprint|${month}|q[1-4])(?:\s+\d{4})?|\d{4})`;
const when = String.raw`(?:(?:the\s+)?(?:end|start|beginning|middle)\s+of\s+)?${date}`;

// "... by end of january", "... before march 1": the deadline a plan is held to, at the end of its subject.
const deadlineTail = new RegExp(String.raw`\s+((?:by|before|until|no\s+later\s+than|due)\s+${when})\s*$`, 'i');
// A duration: "1 week", "2-3 days", "half a day".
const duration = /^(?:about\s+|around\s+|~)?(?:\d+(?:\.\d+)?(?:\s*[-–]\s*\d+)?|a|one|two|three|four|five|six|half\s+a)\s+(?:hours?|days?|weeks?|months?|sprints?)$/i;
// A date clause of a step: "by jan 10", "jan 24-25", "after 2 weeks of stable running", "from monday".
const datedClause = new RegExp(String.raw`^(?:(?:by|before|on|from|until|after|starting|in|during|week\s+of)\s+.+|${when}(?:\s*[-–]\s*${when})?)$`, 'i');
// The same at the end of a step's work: "set up aws by jan 10", "cutover weekend jan 24-25".
const datedTail = new RegExp(String.raw`\s+((?:(?:by|before|on|from|until|after|starting)\s+)(?:.+)|${when}(?:\s*[-–]\s*${when})?)$`, 'i');
// "owner: dana", "(dana)", "- dana", "dana owns it": who does the step.
const ownerLabel = /^(?:owner|owned\s+by|lead|led\s+by|who|assignee)\s*[:=]?\s*(.+)$/i;

// "... in may", "..., going live on march 3": when the project happens (an event's dates, a launch day).
const whenTail = new RegExp(String.raw`\s+(?:(?:going\s+live|launching|live|happening|held)\s+)?(?:in|on|during|from)\s+(${when}(?:\s*[-–]\s*${when})?)\s*$`, 'i');
// "... for 20 people": how many it is for.
const headcountTail = /\s+for\s+(?:about\s+|around\s+|~)?(\d+(?:\s*[-–]\s*\d+)?\s+(?:people|persons|guests|attendees|employees|staff|colleagues|participants|engineers|of\s+us))\s*$/i;

/** What a plan's ask says beside its project: the deadline, when it happens and for how many. */
export interface PlanAsk {
  /** The project alone: "migration of our billing service from Heroku to AWS", "team offsite in Lisbon". */
  subject: string;
  /** "By end of January". */
  deadline: string | null;
  /** "May", "March 3": when an event or a launch happens. */
  when: string | null;
  /** "20 people". */
  people: string | null;
}

/** "team offsite in lisbon for 20 people in may" -> "team offsite in lisbon", when "May", for "20 people"; the same for a deadline. */
export function readPlanAsk(ask: string): PlanAsk {
  const [head = ask, ...rest] = ask.split(/,\s+/);
  let subject = head.trim();
  let deadline: string | null = null;
  let happens: string | null = null;
  let people: string | null = null;
  // Each tail is taken off the end in turn, in whichever order the ask gives them.
  for (let round = 0; round < 3; round += 1) {
    const due: RegExpExecArray | null = deadline ? null : deadlineTail.exec(subject);
    if (due) {
      deadline = dated(due[1]!);
      subject = subject.slice(0, due.index);
      continue;
    }
    const on: RegExpExecArray | null = happens ? null : whenTail.exec(subject);
    if (on) {
      happens = dated(on[1]!);
      subject = subject.slice(0, on.index);
      continue;
    }
    const many: RegExpExecArray | null = people ? null : headcountTail.exec(subject);
    if (many) {
      people = many[1]!;
      subject = subject.slice(0, many.index);
    }
  }
  // ", going live on march 3", ", due friday": a clause after the project that dates it.
  for (const clause of rest) {
    const due = deadlineTail.exec(` ${clause}`);
    const on = whenTail.exec(` ${clause}`);
    if (due && !deadline) deadline = dated(due[1]!);
    else if (on && !happens) happens = dated(on[1]!);
  }
  return { subject: placeCase(calendarCase(subject.trim())), deadline, when: happens, people };
}

/** "want it done before march" -> "Before March": the deadline a line of notes gives the whole project, or null. */
export function deadlineOf(line: string): string | null {
  const found = new RegExp(String.raw`\b(?:by|before|until|no\s+later\s+than|due)\s+${when}\b`, 'i').exec(line.replace(/[.]$/, ''));
  return found && /\b(?:done|finished|ready|live|complete[d]?|shipped|launched|over|moved|migrated|deadline|due)\b/i.test(line) ? dated(found[0]) : null;
}

/** "by jan 10" -> "By Jan 10" (a step's: "by Jan 10"), "end of q1" -> "End of Q1". */
function dated(text: string, opening = true): string {
  const written = readableDate(text.trim().replace(/\s+/g, ' ')).replace(/\b(q[1-4]|h[12])\b/gi, (found) => found.toUpperCase());
  return opening ? capitalize(written) : written;
}

/** A single word or two that name a person ("dana", "Lee Park"), in their capitals; undefined otherwise. */
function personOf(text: string): string | undefined {
  const words = text.trim().replace(/^(?:@)/, '').split(/\s+/);
  if (words.length > 2 || words.length === 0) return undefined;
  const first = words[0]!;
  const named = /^\p{Lu}[\p{Ll}'-]+$/u.test(first) || (!everydayNames.has(first.toLowerCase()) && isKnownName(first));
  return named ? capitalizeWords(words.join(' ')) : undefined;
}

// Labels that say what a line is, not who does it.
const notOwners = /^(?:notes?|risks?|done|todo|to\s*do|status|blocked|blockers?|questions?|decisions?|deadline|budget|goals?|scope|context|why|what|when|where|how|updates?|fyi|nb|ps|tbd|next|then|later|now|first|finally|also|optional|phase|step|milestone|week|day|ideas?|bugs?|features?|tasks?|issues?)$/i;

/** Who a line's label names ("priya: book movers", "design: final mockups"): a person or a team, in capitals; undefined for other labels. */
function labelOwner(section: string): string | undefined {
  const label = section.trim();
  if (!/^\p{L}[\p{L}'-]{1,20}(?:\s+\p{L}[\p{L}'-]{1,20})?$/u.test(label) || notOwners.test(label)) return undefined;
  return capitalizeWords(label);
}

/** Clauses of a line, split at commas and colons outside brackets: "set up aws (rds, ecs) by jan 10, dana". */
function clausesOf(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === ',' || char === ':' || char === ';')) {
      out.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  out.push(current);
  return out.map((clause) => clause.trim()).filter(Boolean);
}

/**
 * One line of notes as a step: its work, its date or duration, who does it, and what else the line
 * says ("cutover weekend jan 24-25, rollback plan ready" -> "Cutover weekend", "Jan 24-25",
 * ["Rollback plan ready"]).
 */
export function stepOf(line: string, section?: string): PhaseData {
  // "owner: marco" is one clause, not a label and a line.
  const [head = line, ...rest] = clausesOf(line.replace(/[.]$/, '').replace(/\b(owner|lead|assignee|who)\s*:\s*/gi, '$1 '));
  let work = head;
  let dates: string | null = null;
  const items: string[] = [];
  // "dana: write the runbook": a name before the colon is who does it.
  // ... and so is a name the notes' reader took for the line's label ("priya: book movers").
  const leading = rest.length > 0 ? personOf(head) : section ? labelOwner(section) : undefined;
  if (leading && rest.length > 0) work = rest.shift()!;
  // "move day dec 12 (sat)": the day of the week belongs to the date.
  const weekday = /\s*\((mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?\)$/i.exec(work);
  if (weekday) work = work.slice(0, weekday.index);
  const owner = /\s+(?:[-–—]\s*|\()@?(\p{L}[\p{L}'-]+)\)?$/u.exec(work);
  const named = owner ? personOf(owner[1]!) : undefined;
  if (owner && named) work = work.slice(0, owner.index);
  const tail = datedTail.exec(work);
  if (tail && tail.index > 0) {
    dates = dated(tail[1]!, false);
    work = work.slice(0, tail.index);
  }
  if (dates && weekday) dates = `${dates}, ${dayWords(weekday[1]!)}`;
  const people = [leading, named].filter((person): person is string => Boolean(person));
  for (const clause of rest) {
    const label = ownerLabel.exec(clause)?.[1];
    const person = personOf(label ?? clause);
    if (person) people.push(person);
    else if (!dates && (duration.test(clause) || datedClause.test(clause))) dates = dated(clause, false);
    else items.push(sentenceStart(clause));
  }
  if (people.length > 0) items.unshift(`Owner: ${[...new Set(people)].join(', ')}`);
  return { name: sentenceStart(work.trim()), dates, items };
}

/**
 * The steps a project of `subject`'s kind usually takes, each with the question the team answers
 * for it; only the deadline given is dated (on the step it holds: the cutover, the launch, the
 * hand-over).
 */
export function planSkeleton(ask: PlanAsk, planKind?: string): PhaseData[] {
  const steps = skeletonSteps(kindOf(`${ask.subject} ${planKind ?? ''}`), ask.subject);
  const dates = ask.deadline ?? ask.when;
  return steps.map((step, index) => ({ name: step.name, dates: step.dated && dates ? dates : null, items: index === 0 && ask.people ? [`For ${ask.people}.`, step.ask.replace(/,\s+for how many people\?$/, '?')] : [step.ask] }));
}
