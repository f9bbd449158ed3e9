import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';
import { dateShorthand, dayWords } from '../text/dates.js';
import { verbBase } from '../text/grammar.js';

/**
 * Standup notes as people type them: one line per person (or pair), clauses cut short, shorthand
 * for days and absences: "Ana: finished the csv export, today on the billing bug", "Bob + Dan
 * pairing on the e2e flakes", "Carla out tmrw", "Dan: blocked on staging db creds". A line says
 * who is away and when, what each person works on now (their action item), and what blocks them.
 * Names arrive capitalised (rollNames.ts gives lower-case ones their capitals first).
 */

/** Someone away or working elsewhere, with when in words ("tomorrow", "Friday", "next week"). */
export interface Availability {
  person: string;
  /** "out", "out of office", "on PTO", "working from home" ... */
  status: string;
  when: string | null;
}

export interface StandupLine {
  /** Who the line is about: its speaker, or the names it opens with ("Bob + Dan"). */
  people: string[];
  availability: Availability[];
  /** What they work on now, as tasks ("pair on the e2e flakes", "work on the billing bug"). */
  work: Array<{ task: string; due: string | null }>;
  blocked: boolean;
  /** The line says nothing but who is away. */
  awayOnly: boolean;
}

/** The words that say someone is away (rollNames.ts reads "carla out tmrw" as Carla by them). */
export const absenceWords = String.raw`out(?:\s+of\s+(?:the\s+)?office|\s+sick)?|ooo|oof|pto|on\s+pto|off|away|sick|on\s+(?:parental\s+|sick\s+)?leave|on\s+(?:vacation|holiday)|wfh|working\s+from\s+home|remote`;

const shorthand: Array<[RegExp, string]> = [
  ...dateShorthand,
  [/\b(?:ooo|oof)\b/gi, 'out of office'],
  [/\bwfh\b/gi, 'working from home'],
  [/\bpto\b/gi, 'PTO'],
];

/** "carla out tmrw" -> "carla out tomorrow": a standup's shorthand in the words a reader knows. */
export function inWords(text: string): string {
  return shorthand.reduce((out, [pattern, words]) => out.replace(pattern, words), text);
}


// chrono-node loads at the first absence read (see revisionFacts.ts: most processes never need it).
const require = createRequire(import.meta.url);
let chronoModule: typeof Chrono | undefined;
const chrono = (): typeof Chrono => (chronoModule ??= require('chrono-node'));

/**
 * When an absence is, from what follows its word: "tomorrow", "until Thursday", "Monday to
 * Wednesday"; null when nothing dates it. What chrono cannot read ("all week") is kept as written
 * after an unmistakable absence (`away`) only: "off to the airport" is no date.
 */
function whenOf(rest: string, away: boolean): string | null {
  const found = chrono().parse(rest, new Date(0), { forwardDate: true });
  if (found.length === 0) return away && rest.trim() !== '' && rest.trim().split(/\s+/).length <= 4 ? dayWords(rest.trim().replace(/[.!]$/, '')) : null;
  const last = found.at(-1)!;
  // "until thursday": the word that bounds the date stays with it.
  const start = /^\s*(?:until|till|through|from|on|for|all)\b/i.test(rest.slice(0, found[0]!.index)) ? rest.search(/\S/) : found[0]!.index;
  return dayWords(rest.slice(start, last.index + last.text.length).replace(/^on\s+/i, ''));
}

const name = String.raw`[A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)?`;
// "Bob + Dan pairing on ...", "Carla out tomorrow": the names a line opens with, then what they do.
// "Ken + Jo: on the release checklist": a pair's colon too.
const opening = new RegExp(String.raw`^(${name}(?:\s*(?:\+|&|\/|,|and)\s*${name})*)\s*:?\s+(?=\p{Ll})(.+)$`, 'u');
const absence = new RegExp(String.raw`^(?:(?:is|are|will be|'ll be|am)\s+)?(${absenceWords})\b\s*(.*)$`, 'i');
// Unmistakable absences; a bare "out" or "off" is one only with a date or alone ("out of ideas" is not).
const alwaysAbsent = /^(?:ooo|oof|pto|on pto|sick|out sick|out of (?:the )?office|on (?:parental |sick )?leave|on (?:vacation|holiday)|wfh|working from home)$/i;
const statusWords: Array<[RegExp, string]> = [[/^(?:ooo|oof|out of (?:the )?office)$/i, 'out of office'], [/^(?:pto|on pto)$/i, 'on PTO'], [/^(?:wfh|working from home|remote)$/i, 'working from home'], [/^(?:sick|out sick)$/i, 'out sick']];
const now = /^(?:(?:today|now|next|then|this (?:morning|afternoon|week))\b\s*:?\s*|(?:will|'ll|going to)\s+)+/i;
const done = /^(?:yesterday|yday|finished|done|shipped|merged|completed|wrapped(?: up)?|closed|fixed|released|deployed)\b/i;
const blocked = /^(?:still\s+)?(?:blocked|stuck|waiting(?:\s+on|\s+for)?)\b/i;
// "pairing on the e2e flakes", "on the billing bug", "reviewing PRs": what someone is doing now.
const doing = /^(?:(?:is|are|am)\s+)?(?:(\p{Ll}+ing)\b\s*(.*)|on\s+(.+))$/u;

/** One clause's work ("today on the billing bug" -> "work on the billing bug", due today), if it names some. */
function workOf(clause: string): { task: string; due: string | null } | undefined {
  const lead = now.exec(clause)?.[0] ?? '';
  const rest = clause.slice(lead.length).trim().replace(/[.!]$/, '');
  if (done.test(rest) || blocked.test(rest)) return undefined;
  const due = /\btoday\b/i.test(lead) ? 'today' : null;
  // "today: start on filters", "next: write the migration": a plain verb after when it happens is the work.
  const first = rest.split(/\s+/)[0]!.toLowerCase();
  if (lead && rest.split(/\s+/).length >= 2 && verbBase(first) === first) return { task: rest, due };
  const match = doing.exec(rest);
  if (!match) return undefined;
  if (match[3]) return { task: `work on ${match[3]}`, due };
  const base = verbBase(match[1]!);
  return base && match[2] ? { task: `${base} ${match[2]}`, due } : undefined;
}

/** What one standup line says, or undefined when it names nobody it could be about. */
export function readStandupLine(text: string, speaker: string | undefined): StandupLine | undefined {
  const opened = speaker ? undefined : opening.exec(text.trim());
  // "Ken: ..." came as the speaker; without one, a lone name before a colon is a label ("Update: ...") left to the meeting reader.
  const people = speaker ? [speaker] : opened ? opened[1]!.split(/\s*(?:\+|&|\/|,|\band\b)\s*/).filter(Boolean) : [];
  if (people.length === 0) return undefined;
  const body = opened ? opened[2]! : text;
  const line: StandupLine = { people, availability: [], work: [], blocked: false, awayOnly: true };
  for (const clause of body.split(/\s*[,;]\s*|\s+(?:and then|then)\s+/)) {
    const away = absence.exec(clause.trim());
    if (away) {
      const word = away[1]!.replace(/\s+/g, ' ').toLowerCase();
      const when = away[2] ? whenOf(inWords(away[2]), alwaysAbsent.test(word)) : null;
      if (when || alwaysAbsent.test(word) || away[2] === '') {
        const status = statusWords.find(([pattern]) => pattern.test(word))?.[1] ?? word;
        line.availability.push(...people.map((person) => ({ person, status, when })));
        continue;
      }
    }
    line.awayOnly = false;
    if (blocked.test(clause.trim())) line.blocked = true;
    const work = workOf(clause.trim());
    if (work) line.work.push(work);
  }
  return line;
}

/** "Carla: out tomorrow", "Priya: out of office Friday". */
export function availabilityLine(item: Availability): string {
  return `${item.person}: ${item.status}${item.when ? ` ${item.when}` : ''}`;
}
