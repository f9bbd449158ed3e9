import type { Deliverable, DeliverableKind, TicketData } from '../../../schemas/deliverables/index.js';
import type { StageInput, StageOutput } from '../../types.js';
import { userStories } from './build/pilot.js';
import { parseCommit } from './commits.js';
import { briefFacts } from './material.js';
import { handleName } from './names.js';

/**
 * The three genres the crews wrote before deliverables were recognised (a grounded blog post,
 * meeting summary and PRD) keep their composers; this module feeds them the request's facts and
 * a chat export they can read, and reads their result back as the deliverable's data.
 */

export const legacyKinds: Partial<Record<StageInput['crew']['id'], DeliverableKind>> = { writer: 'blog_post', mind: 'meeting_summary', pilot: 'prd' };

// "Jan de Vries  6:45 AM": a chat export's author line; the lines under it are his.
// "sara.kim  10:07 AM": a handle as author, read as the name it stands for.
// "ben [10:07 AM]": a one-word handle is an author only with its time in brackets ("tomorrow 10:00" is a note).
const chatHeader = /^\s*([A-Z][\p{L}'’.-]+(?:\s+(?:(?:de|van|der|den|da|di|del|la|le|von)\s+)*[A-Z][\p{L}'’.-]+){0,3}|[a-z][a-z0-9]*[._-][a-z0-9._-]{1,30})\s{1,}\[?\d{1,2}:\d{2}(?:\s?[AaPp]\.?[Mm]\.?)?\]?\s*$|^\s*([a-z][a-z0-9]{1,30})\s+\[\d{1,2}:\d{2}(?:\s?[AaPp]\.?[Mm]\.?)?\]\s*$/u;

// A line with its own author: "Maria Lopez: ...", "[6:50 AM] Maria Lopez: ...", "06:50 Tom: ...".
const ownMessage = /^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?\]?\s*[-–]?\s*)?([A-Z][\p{L}'’.-]+(?:\s+(?:(?:de|van|der|den|da|di|del|la|le|von)\s+)*[A-Z][\p{L}'’.-]+){0,2}):\s+(.+)$/u;

/** A chat export as "Name: text" lines, repeated lines read once. */
export function readableText(text: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  let speaker: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const header = chatHeader.exec(line);
    if (header) {
      speaker = handleName(header[1] ?? header[2]!);
      continue;
    }
    const own = ownMessage.exec(line);
    // "[6:50 AM] Maria Lopez: ..." is a message of its own: the header's author wrote only the lines before it.
    if (own) speaker = undefined;
    const plain = own ? `${own[1]}: ${own[2]}` : line;
    const key = plain.trim().toLowerCase();
    // "From: Ana" heads each message Ana writes: a header is never a repeat.
    if (key !== '' && seen.has(key) && !/^(?:from|to|cc|sent|date|subject):|\bwrote:$/.test(key)) continue;
    if (key !== '') seen.add(key);
    out.push(speaker && key !== '' ? `${speaker}: ${plain.trim()}` : plain);
  }
  return out.join('\n');
}

const roll = /^\s*(?:present|attendees|participants|attending|in attendance|invited)\s*[:\-–]/i;
const authorNote = /^\s*(?:internal(?:\s+notes?)?|notes? for (?:the )?(?:writer|author|you)|private|staff only)\s*[:\-–]/i;

/**
 * What a writer may print to its readers: attendee rolls and notes for the author are left out,
 * and a commit list is read as its changes (no hashes, no conventional prefixes).
 */
function forPublication(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => !roll.test(line) && !authorNote.test(line))
    .map((line) => {
      const commit = parseCommit(line);
      return commit ? `- ${commit.subject.replace(/[.]$/, '')}.` : line;
    })
    .join('\n');
}

/** The legacy composer's input: brief facts joined to the context, chat exports made readable. */
export function legacyInput(input: StageInput): StageInput {
  const facts = briefFacts(input.brief);
  const outward = input.crew.id === 'writer' ? forPublication : (text: string) => text;
  const context = [facts, input.context ? outward(readableText(input.context)) : ''].filter(Boolean).join('\n\n');
  return { ...input, ...(context ? { context } : {}), contextDocuments: input.contextDocuments.map((text) => outward(readableText(text))) };
}

interface Part {
  heading: string;
  lines: string[];
}

function partsOf(markdown: string): { title: string; lead: string[]; parts: Part[] } {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const title = /^# (.+)$/m.exec(body)?.[1]?.trim() ?? '';
  const parts: Part[] = [];
  const lead: string[] = [];
  for (const block of body.split(/\n{2,}/)) {
    const text = block.trim();
    if (!text || text.startsWith('# ')) continue;
    const heading = /^#{2,3} (.+)$/.exec(text);
    if (heading) parts.push({ heading: heading[1]!.trim(), lines: [] });
    else (parts.at(-1)?.lines ?? lead).push(...text.split('\n').map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ x]\]\s+)?/, '').trim()).filter((line) => line && !/^\|\s*-/.test(line)));
  }
  return { title, lead, parts };
}

const linesUnder = (parts: Part[], pattern: RegExp) => parts.filter((part) => pattern.test(part.heading)).flatMap((part) => part.lines);

/** The deliverable's data read back from a legacy composer's output. */
export function legacyDeliverable(kind: DeliverableKind, output: StageOutput): Deliverable | undefined {
  const { title, lead, parts } = partsOf(output.content);
  const data = output.data ?? {};
  if (kind === 'blog_post') return { kind, data: { title, lede: lead[0] ?? '', sections: parts.map((part) => ({ heading: part.heading, body: part.lines })), call_to_action: null } };
  if (kind === 'meeting_summary') {
    const actions = Array.isArray(data.action_items) ? (data.action_items as Array<{ owner?: string; task?: string; due?: string | null }>) : [];
    const risks = Array.isArray(data.risks) ? (data.risks as string[]) : [];
    return {
      kind,
      data: {
        title,
        date: typeof data.date === 'string' ? data.date : null,
        summary: Array.isArray(data.summary) ? (data.summary as string[]) : linesUnder(parts, /^summary/i),
        decisions: (Array.isArray(data.decisions) ? (data.decisions as string[]) : []).map((text) => ({ text, source: null })),
        action_items: actions.map((item) => ({ owner: item.owner && item.owner !== 'Unassigned' ? item.owner : null, task: item.task ?? '', due: item.due ?? null })),
        risks: risks.filter((risk) => !/\?\s*$/.test(risk)),
        // A thread's open asks ("Decide Porto or Braga by Friday (asked by Ana)") come as their own list.
        open_questions: [...(Array.isArray(data.open_questions) ? (data.open_questions as string[]) : []), ...risks.filter((risk) => /\?\s*$/.test(risk))],
      },
    };
  }
  if (kind === 'prd') {
    const stories = userStories(linesUnder(parts, /user stor/i).map((text) => ({ text, origin: 'context' as const })));
    const tickets = Array.isArray(data.tickets) ? (data.tickets as Array<{ title?: string; story?: string; acceptance_criteria?: string[]; estimate?: number | null }>) : [];
    return {
      kind,
      data: {
        title,
        problem: [...linesUnder(parts, /^problem/i), ...linesUnder(parts, /^background/i)],
        goals: linesUnder(parts, /^goals?/i),
        personas: [...new Set(stories.map((story) => story.persona))],
        user_stories: stories,
        requirements: [...linesUnder(parts, /^requirements/i), ...tickets.map((ticket: TicketData | Record<string, unknown>) => String((ticket as { title?: string }).title ?? '')).filter(Boolean).map((text) => `Ticket: ${text}`)].slice(0, 30),
        metrics: linesUnder(parts, /metric|measure|success/i),
        open_questions: linesUnder(parts, /question/i),
      },
    };
  }
  return undefined;
}
