/**
 * The facts a request carries outside its material: figures, dates and names written in the
 * brief ("average check-in wait is 22 minutes and we want it under 10 minutes by June") and the
 * values of requirements a reader expects to see used (a timeline, an audience, a deadline, a
 * budget). A reader checks that a draft carries them; the quality metrics count how many it does.
 */
const months = 'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const unit = '(?:%|percent|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|seconds?|ms|users?|customers?|patients?|tickets?|people|points?|k|m|x)';
const figure = new RegExp(`(?:[$€£]\\s?)?\\d[\\d,.]*(?:\\s?${unit})?(?![\\w])`, 'gi');
const date = new RegExp(`\\b(?:(?:${months})\\s+\\d{1,2}(?:,?\\s+\\d{4})?|\\d{1,2}\\s+(?:${months})(?:\\s+\\d{4})?|(?:${months})(?:\\s+\\d{4})?|Q[1-4](?:\\s*[-–]\\s*Q[1-4])?\\s*\\d{4}|H[12]\\s*\\d{4}|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\\b`, 'gi');
// Runs of capitalised words inside a sentence (not its first word): names of people, products, places.
const name = /(?<=[a-z,;:]\s)(?:[A-Z][\w&'’.-]*(?:\s+(?:de|van|von|of|for|and)?\s*[A-Z][\w&'’.-]*)*)/g;
const factKeys = /^(?:timeline|deadline|due|due_date|launch_date|date|budget|audience|target_audience|owner|team|product|company|goal|target|kpi|metric|region|market|version|persona|personas|platform|estimate_unit)$/i;

function clean(value: string): string {
  return value.trim().replace(/[.,;:]+$/, '');
}

function add(found: string[], value: string): void {
  const text = clean(value);
  if (text.length < 2 || /^\d{1,1}$/.test(text)) return;
  const lower = text.toLowerCase();
  // A shorter fact inside a longer one already found ("10" in "10 minutes") is the same fact.
  if (found.some((item) => item.toLowerCase().includes(lower))) return;
  for (let index = found.length - 1; index >= 0; index -= 1) if (lower.includes(found[index]!.toLowerCase())) found.splice(index, 1);
  found.push(text);
}

/** Figures, dates and names written in a text, longest first where they overlap. */
export function factsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(date)) add(found, match[0]);
  for (const match of text.matchAll(figure)) if (/\d/.test(match[0]) && !/^\d$/.test(match[0].trim())) add(found, match[0]);
  // An acronym alone (SMS, KPI, PRD, API) names the subject or the deliverable, not a fact.
  for (const match of text.matchAll(name)) if (!/^(?:I|We|The|A|An|Our|This|That|It)$/.test(match[0]) && !/^[A-Z0-9&.-]{2,6}s?$/.test(match[0])) add(found, match[0]);
  return found;
}

/** The request's own facts: those of the brief and the values of fact-bearing requirements. */
export function requestFacts(brief: string, requirements: Record<string, unknown>): string[] {
  const found = factsIn(brief);
  for (const [key, value] of Object.entries(requirements)) {
    if (!factKeys.test(key)) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (typeof item === 'string' && item.trim() !== '' && item.length <= 80) add(found, item);
  }
  return found;
}

/** Whether `content` carries `fact`: as written (case-insensitive), spaces and dashes aside. */
export function carries(content: string, fact: string): boolean {
  const squash = (text: string) => text.toLowerCase().replace(/[\s\u2013\u2014-]+/g, ' ');
  return squash(content).includes(squash(fact));
}
