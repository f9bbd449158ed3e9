import { targetKeywords } from '../../../quality/requirements.js';
import { contentTerms, stem } from '../../../quality/text.js';
import { audienceOf } from '../writer/writerSpec.js';
import { capitalize, stripEndPunctuation } from './phrases.js';
import { topicOf, wholePhrase } from './topic.js';

/**
 * What a brief says on its own, for a first draft when no context, documents or knowledge came
 * with it: the subject, who it is for, what the client wants to achieve, and the terms it names.
 * Everything here is the brief's own words; nothing is looked up or made up.
 */
export interface BriefReading {
  /** "Node.js worker threads" (the brief without its instruction). */
  subject: string;
  /** "backend developers", or undefined when the brief names nobody. */
  audience?: string;
  /** "so they can cut CPU costs": the brief's stated purpose, when it gives one. */
  goal?: string;
  /** Names and terms the brief uses as written: target keywords, dotted, hyphenated and capitalised words, noun phrases of the subject. */
  terms: string[];
}

// A term as written: "Node.js", "Wi-Fi", "e-mail", "GitHub", "SSO", "React Native".
const namedTerm = /\b(?:[A-Za-z][\w]*[.][A-Za-z][\w.]*|[A-Za-z]+(?:-[A-Za-z0-9]+)+|[A-Z][a-z]*[A-Z][\w]*|[A-Z]{2,}[a-z]?s?|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+)\b/g;
const goalPattern = /\b(?:so that|so they can|so we can|in order to|to help (?:them|us|you)|because|with the goal of|aiming to|goal(?: is)?:?)\s+([^.;!?\n]{3,120})/i;
// Capitalised words that open sentences or instructions rather than name anything.
const notTerms = new Set(['write', 'create', 'draft', 'please', 'summarize', 'summarise', 'we', 'our', 'the', 'a', 'an', 'i', 'prd', 'make', 'plan', 'build', 'extract']);

export function readBrief(brief: string, requirements: Record<string, unknown> = {}): BriefReading {
  const given = audienceOf(brief, requirements);
  const topic = topicOf(brief);
  // Beside the usual audiences, "for field inspectors", "for dog groomers": people by what they do.
  const doers = /\bfor\s+((?:[a-z-]+\s+){0,2}[a-z-]+(?:ers|ors|ists|ians|ees|ants|ents|staff|people|teams))\b/i.exec(topic)?.[1]?.toLowerCase();
  const audience = given === 'readers' ? doers : given;
  // "Node.js worker threads for backend developers": the audience is said once, apart.
  const cut = audience ? topic.toLowerCase().lastIndexOf(` for ${audience.toLowerCase()}`) : -1;
  const subject = wholePhrase(cut > 0 ? topic.slice(0, cut) : topic, 12);
  const goal = goalPattern.exec(brief)?.[1];
  const terms: string[] = [];
  const add = (term: string) => {
    const clean = stripEndPunctuation(term.trim());
    if (clean.length < 2 || notTerms.has(clean.toLowerCase())) return;
    if (audience && clean.toLowerCase() === audience.toLowerCase()) return;
    if (terms.some((taken) => taken.toLowerCase() === clean.toLowerCase())) return;
    terms.push(clean);
  };
  for (const keyword of targetKeywords(requirements)) add(keyword);
  for (const match of brief.matchAll(namedTerm)) {
    const word = match[0];
    // A capitalised first word of the brief ("Write", "Summarize") is an instruction, not a name.
    if (match.index === 0 && /^[A-Z][a-z]+$/.test(word)) continue;
    add(word);
  }
  return { subject, ...(audience ? { audience } : {}), ...(goal ? { goal: stripEndPunctuation(goal) } : {}), terms: terms.slice(0, 6) };
}

/**
 * Questions the reader should be able to answer once the piece is written, from the brief's own
 * subject, audience, goal and terms: what the draft is for when there is no material yet.
 */
export function readerQuestions(reading: BriefReading, limit = 5): string[] {
  const who = reading.audience ?? 'the reader';
  const questions = [`What is ${reading.subject}, and why does it matter to ${who}?`];
  for (const term of reading.terms.slice(0, 3)) {
    if (sameSubject(term, reading.subject)) continue;
    questions.push(`Where does ${term} fit in ${reading.subject}?`);
  }
  if (reading.goal) questions.push(`What has to be true so that ${lowerStart(reading.goal)}?`);
  questions.push(`What should ${who} do first about ${reading.subject}?`);
  return [...new Set(questions)].slice(0, limit);
}

/** The brief's terms that are not just the subject again. */
export function namedBeyondSubject(reading: BriefReading): string[] {
  return reading.terms.filter((term) => !sameSubject(term, reading.subject));
}

/** Whether every word of `term` is already in `subject` ("Node.js" in "Node.js worker threads"). */
function sameSubject(term: string, subject: string): boolean {
  const wanted = contentTerms(term).map(stem);
  const have = new Set(contentTerms(subject).map(stem));
  return wanted.length > 0 && wanted.every((word) => have.has(word));
}

function lowerStart(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** "Node.js, worker threads and backend developers". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export { capitalize };
