import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { contentTerms, stem } from '../../../../quality/text.js';
import { sentenceStart, titled, type DocumentContext } from '../context.js';

/**
 * "summarize these customer interviews": a synthesis, not a meeting's summary. Each interview's
 * heading ("Interview 1 - Maria (ops lead, Acme)") names who was interviewed; each of its lines is
 * what that person said. A theme is a word two or more interviewees speak of ("export", "SSO"):
 * its lines are listed under it with who said them, quotes kept verbatim with their marks.
 * What only one person raised is listed as theirs. Nothing is counted or concluded beyond that.
 */

export interface Point {
  who: string;
  text: string;
}

const bullet = /^\s*(?:[-*+•]|\d+[.)])\s+/;
// "Interview 1 - Maria (ops lead, Acme)", "## Maria, ops lead at Acme", "Call 2: Dev (Bluebird)", "P3 - Lena".
const numbered = /^(?:#+\s*)?(?:interview|call|session|participant|customer|user|p)\s*#?\s*\d+\s*(?:[-–—:,.]\s*)?/i;

/** Who a heading names: "Maria (ops lead, Acme)" -> "Maria (ops lead, Acme)"; "Interview 1" alone stays that. */
function interviewee(heading: string): string {
  const clean = heading.replace(/^#+\s*/, '').replace(/:\s*$/, '').trim();
  const rest = clean.replace(numbered, '').trim();
  return rest === '' ? clean : rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The short name a point is said by: "Maria (ops lead, Acme)" -> "Maria". */
export function shortName(who: string): string {
  return who.split(/\s*[(,]|\s+[-–—]\s+/)[0]!.trim();
}

function isHeading(line: string, next: string | undefined): boolean {
  if (bullet.test(line)) return false;
  if (/^#+\s/.test(line) || numbered.test(line)) return true;
  // "Maria (ops lead, Acme):" or a short line over bullets names the person the bullets are from.
  return line.split(/\s+/).length <= 8 && !/[.!?"”]$/.test(line) && next !== undefined && bullet.test(next);
}

/** Each interview's points, in the notes' order; "Maria: ..." lines without headings are Maria's. */
export function interviewPoints(sources: string): { people: string[]; points: Point[] } {
  const lines = sources.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const people: string[] = [];
  const points: Point[] = [];
  let who: string | undefined;
  lines.forEach((line, index) => {
    if (isHeading(line, lines[index + 1])) {
      who = interviewee(line);
      if (!people.includes(who)) people.push(who);
      return;
    }
    const text = line.replace(bullet, '').trim();
    const said = /^([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)?)\s*(?:\([^)]*\))?\s*:\s+(.+)$/u.exec(text);
    if (!who && said) {
      if (!people.some((person) => shortName(person) === said[1])) people.push(said[1]!);
      points.push({ who: said[1]!, text: said[2]! });
    } else if (who) points.push({ who: shortName(who), text });
    // One interview's notes, with no heading and no "Name:" lines: every line is what the interviewee said.
    else points.push({ who: '', text });
  });
  return { people, points };
}

/** Words two or more interviewees speak of, most widely shared first: the themes, each with its points. */
export function themes(points: Point[], sources: string): { themes: Array<{ name: string; points: Point[] }>; rest: Point[] } {
  const termsOf = (point: Point) => new Set(contentTerms(point.text.replace(/\b(?:would|wants?|loves?|likes?|needs?|said|says|thinks?|feels?|really|very|too|much|never|always|can|could|find|didn['’]?t|know)\b/gi, ' ')).map(stem));
  const open = new Set(points);
  const found: Array<{ name: string; points: Point[] }> = [];
  for (;;) {
    const speakers = new Map<string, Set<string>>();
    for (const point of open) for (const term of termsOf(point)) speakers.set(term, (speakers.get(term) ?? new Set()).add(point.who));
    const best = [...speakers].filter(([, who]) => who.size >= 2).sort((a, b) => b[1].size - a[1].size)[0];
    if (!best) break;
    const members = [...open].filter((point) => termsOf(point).has(best[0]));
    members.forEach((point) => open.delete(point));
    // The theme as the notes spell it: "SSO", "Slack", "export".
    const spelled = new RegExp(`\\b(${best[0]}\\w*)`, 'i').exec(sources)?.[1] ?? best[0];
    found.push({ name: /\p{Lu}/u.test(spelled) ? spelled : titled(spelled), points: members });
  }
  return { themes: found, rest: points.filter((point) => open.has(point)) };
}

export function interviewSynthesis(ctx: DocumentContext, general: DeliverableData['analysis']): DeliverableData['analysis'] {
  const { points } = interviewPoints(ctx.material.sources);
  const grouped = themes(points, ctx.material.sources);
  const line = (point: Point) => (/^["“‘']/.test(point.text) ? point.text : sentenceStart(point.text.replace(/[.]$/, '')));
  return {
    ...general,
    // One person's interview has no theme two people share: its points are the takeaways.
    title: `${titled(ctx.recognised.subject.replace(/^(?:these|this|the|our|my)\s+/i, ''))}: ${grouped.themes.length > 0 ? 'themes' : 'key takeaways'}`,
    findings: [
      ...grouped.themes.flatMap((theme) => theme.points.map((point) => ({ finding: `${theme.name}: ${line(point)}`, evidence: point.who || null }))),
      ...grouped.rest.map((point) => ({ finding: line(point), evidence: point.who || null })),
    ],
    causes: [],
    recommendations: [],
  };
}
