import { readableDate } from '../text/dates.js';
import { capitalizeWords, literal } from '../text/phrases.js';
import { roleTitle } from './newHire.js';

/**
 * The writer's own job news ("write a linkedin post about my new job" over "starting at acme as
 * head of design monday. leaving globex after 5 yrs. thanks to my team"): where they start, as
 * what, from when, what they leave and after how long, each as the ask or the notes say it. The
 * post is theirs, in the first person; the notes' other lines (the thanks) are kept as typed.
 */
export interface NewJob {
  /** "joining acme" is said "I'm joining Acme"; "starting at acme", "I'm starting at Acme". */
  verb: 'starting' | 'joining';
  /** The ask or notes said "a new job" ("I'm starting a new job at Acme"). */
  newJob: boolean;
  employer?: string;
  role?: string;
  starts?: string;
  left?: string;
  years?: string;
  /** The notes' other lines, as typed. */
  more: string[];
}

// "about my new job", "i'm starting a new job", "i've joined acme": the writer's own move, not a hire they welcome.
const ownMove = /\b(?:my\s+new\s+(?:job|role|position)|my\s+(?:job\s+change|career\s+move)|i['’]?m\s+(?:starting|joining)|i\s+am\s+(?:starting|joining)|i['’]?ve\s+(?:joined|started)|i\s+(?:joined|started)\s)/i;

// A word that ends a company's or a role's name: a preposition, a time, a day.
const stop = String.raw`(?=\s+(?:as|on|in|at|after|from|next|this|starting|from|tomorrow|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december)\b|\s*[,.;!()]|$)`;
const name = String.raw`((?!as\b|a\s+new\b|the\s+team\b)[\p{L}\d&'’.-]+(?:\s+(?!as\b|on\b|in\b|at\b|after\b)[\p{L}\d&'’-]+){0,2}?)`;
const employerAt = new RegExp(String.raw`\b(?:start(?:ing|s|ed)?(?:\s+(?:a\s+)?new\s+(?:job|role|position))?\s+at|join(?:ing|s|ed)?|new\s+(?:job|role|position)\s+at)\s+${name}${stop}`, 'iu');
const roleAs = new RegExp(String.raw`\bas\s+(?:a\s+|an\s+|the\s+|their\s+)?(?:new\s+)?([\p{L}&/ -]+?)${stop}`, 'iu');
const when = /\b(?:on\s+|from\s+)?((?:next|this)\s+(?:week|month|monday|tuesday|wednesday|thursday|friday)|tomorrow|today|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:mon|tue|wed|thu|fri)\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)\b/i;
const leaving = new RegExp(String.raw`\bleav(?:ing|e)\s+${name}(?:\s+after\s+(\d+\+?)\s*(?:yrs?|years))?${stop}`, 'iu');
const yearsAt = new RegExp(String.raw`\bafter\s+(\d+\+?)\s*(?:yrs?|years)\s+at\s+${name}${stop}`, 'iu');

/** The writer's job news an ask for a post tells, with what the notes say of it; undefined when the ask is not about their own new job or nothing says where or as what. */
export function newJobOf(ask: string, notes: string): NewJob | undefined {
  if (!ownMove.test(ask.trim().split('\n')[0]!)) return undefined;
  const job: NewJob = { verb: 'starting', newJob: false, more: [] };
  // "starting at acme as head of design monday. leaving globex after 5 yrs": a fact a clause.
  const clauses = notes.split(/\n+|(?<=[.!?;])\s+|,\s+(?=(?:and\s+)?(?:leaving|joining|starting|after|thanks|thank|as)\b)/i).map((clause) => clause.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim()).filter(Boolean);
  for (const clause of clauses) {
    const leave = leaving.exec(clause);
    const after = yearsAt.exec(clause);
    if (leave || after) {
      job.left ??= leave?.[1] ?? after![2];
      job.years ??= leave?.[2] ?? after?.[1];
      continue;
    }
    const employer = employerAt.exec(clause);
    const role = roleAs.exec(clause);
    if (!employer && !role && !/\b(?:start|join)/i.test(clause)) {
      job.more.push(clause);
      continue;
    }
    if (/\bjoin/i.test(clause) && employer && !/\bstart/i.test(clause)) job.verb = 'joining';
    if (/\bnew\s+(?:job|role|position)\b/i.test(clause)) job.newJob = true;
    if (employer) job.employer ??= employer[1];
    if (role) job.role ??= role[1]!.trim();
    const day = when.exec(clause)?.[1];
    if (day) job.starts ??= day;
  }
  return job.employer || job.role ? job : undefined;
}

/** The post's lines: the start, what is left behind, the notes' other lines; the companies with their capitals. */
export function newJobLines(job: NewJob): string[] {
  const employer = job.employer ? capitalizeWords(job.employer) : undefined;
  const left = job.left ? capitalizeWords(job.left) : undefined;
  const day = job.starts ? readableDate(job.starts) : undefined;
  const where = employer ? (job.verb === 'joining' ? ` ${employer}` : ` at ${employer}`) : '';
  const opening = `I'm ${job.verb}${job.newJob ? ' a new job' : ''}${where}${job.role ? ` as ${roleTitle(job.role)}` : ''}${day ? `${/^(?:next|this|tomorrow|today)\b/i.test(day) ? ' ' : ' on '}${day}` : ''}.`;
  const lines = [opening];
  if (left) lines.push(`I'm leaving ${left}${job.years ? ` after ${job.years} years` : ''}.`);
  // "thanks to my team at globex": the companies are named as they are above.
  const companies = [employer, left].filter((company): company is string => company !== undefined);
  for (const line of job.more) {
    const cased = companies.reduce((text, company) => text.replace(new RegExp(String.raw`\b${literal(company)}\b`, 'gi'), company), line);
    lines.push(`${cased.charAt(0).toUpperCase()}${cased.slice(1)}`.replace(/([^.!?])$/, '$1.'));
  }
  return lines;
}
