import type { DocumentParts } from './markdown.js';
import { countWords } from './text.js';

/**
 * What a reader checks first: is this the document I asked for, in the form I asked for? The
 * deliverable the brief names (release notes, a PRD, a roadmap, tickets, a meeting summary, a
 * status review, a retro, a priority ranking, a process plan, an email, an install page, a
 * social post) must show that document's parts; a form the brief or `format` asks for (a table,
 * a checklist, numbered items, bullets, steps, an email's subject and call to action, acceptance
 * criteria) must be there. A blog post has no parts of its own beyond `format`'s check.
 */
interface Expectation {
  name: string;
  asked: RegExp;
  shows: (parts: DocumentParts, markdown: string) => boolean;
}

const heading = (parts: DocumentParts, pattern: RegExp) => pattern.test(parts.title) || parts.headings.some((text) => pattern.test(text));
const numbered = (markdown: string) => (markdown.match(/^\s*\d+[.)]\s+\S/gm) ?? []).length >= 2;
const bullets = (markdown: string) => (markdown.match(/^\s*[-*+]\s+\S/gm) ?? []).length >= 2;
const table = (markdown: string) => /^\s*\|.+\|\s*\n\s*\|[\s:|-]+\|\s*$/m.test(markdown);
const checklist = (markdown: string) => (markdown.match(/^\s*[-*+]\s+\[[ xX]\]\s+\S/gm) ?? []).length >= 2;
const email = (markdown: string) => /^\s*(?:\*\*)?subject(?:\*\*)?\s*:/im.test(markdown);

const deliverables: Expectation[] = [
  { name: 'release notes', asked: /\brelease notes?\b|\bchangelog\b/i, shows: (parts) => parts.headings.some((text) => /\b(?:new|added|fixed|fixes|improved|improvements|changed|breaking|features?|bug ?fixes)\b/i.test(text)) },
  { name: 'PRD', asked: /\bPRD\b|\bproduct requirements?\b/i, shows: (parts) => heading(parts, /problem|requirement|goal|user stor|scope|success/i) },
  { name: 'roadmap', asked: /\broadmap\b/i, shows: (parts, markdown) => heading(parts, /phase|milestone|now|next|later|Q[1-4]|H[12]/i) || /\b(?:phase|milestone)\s+\d/i.test(markdown) },
  { name: 'tickets', asked: /\b(?:tickets?|jira|issues for|user stories|backlog items)\b(?!\s+(?:backlog|queue|volume))/i, shows: (_parts, markdown) => /acceptance criteria/i.test(markdown) },
  { name: 'technical spec', asked: /\b(?:technical|tech)\s+spec(?:ification)?\b|\bdesign doc\b|\bRFC\b/i, shows: (parts) => heading(parts, /architecture|design|api|data model|interface|approach/i) },
  { name: 'meeting summary', asked: /\b(?:meeting|call|standup|stand-up|sync)\b.*\b(?:summary|summari[sz]e|notes|minutes)\b|\bsummari[sz]e\b[^.]*?\b(?:meeting|call|chat|standup|stand-up|sync|notes)\b/i, shows: (parts) => heading(parts, /decision|action/i) },
  { name: 'status review', asked: /\b(?:KPI|status|progress|quarterly|weekly|monthly)\s+(?:review|report|update)\b/i, shows: (parts, markdown) => table(markdown) || heading(parts, /figure|metric|kpi|status|highlight|risk/i) },
  { name: 'analysis', asked: /\b(?:backlog|incident|churn|root cause|post-?mortem)\s+(?:analysis|review|report)\b|\bpost-?mortem\b/i, shows: (parts) => heading(parts, /finding|cause|impact|timeline|analysis|pattern|recommend/i) },
  { name: 'retro', asked: /\bretro(?:spective)?\b/i, shows: (parts) => heading(parts, /went well|didn.?t|improve|start|stop|continue|keep|change/i) },
  { name: 'priority ranking', asked: /\b(?:priorit(?:y|ise|ize|ies)\s+(?:ranking|list|order)|rank(?:ing)?\b)/i, shows: (parts, markdown) => numbered(markdown) || heading(parts, /priorit|rank/i) },
  { name: 'process plan', asked: /\bprocess (?:plan|doc|document)\b|\b(?:rollout|onboarding|migration) plan\b/i, shows: (parts, markdown) => numbered(markdown) || heading(parts, /step|stage|owner|phase/i) },
  { name: 'email', asked: /\b(?:write|draft|send)\s+(?:an?\s+)?(?:\w+\s+)?e-?mail\b/i, shows: (_parts, markdown) => email(markdown) },
  { name: 'install page', asked: /\b(?:install(?:ation)?|setup|set-up|getting started)\s+(?:page|guide|doc|docs|instructions)\b|\bhow[ -]to\b/i, shows: (parts, markdown) => numbered(markdown) || parts.codeBlocks > 0 || heading(parts, /install|step|prerequisite|usage/i) },
  { name: 'social post', asked: /\b(?:linkedin|twitter|tweet|instagram|facebook|mastodon|social(?: media)?)\s*(?:post|update|thread)?\b/i, shows: (parts) => countWords(`${parts.title}\n${parts.body}`) <= 320 },
];

const forms: Expectation[] = [
  { name: 'table', asked: /\b(?:as|in|into) an? (?:markdown )?table\b|\btable (?:of|with|comparing)\b|\bformat:\s*table\b|^table$/i, shows: (_parts, markdown) => table(markdown) },
  { name: 'checklist', asked: /\bcheck ?list\b/i, shows: (_parts, markdown) => checklist(markdown) },
  { name: 'numbered list', asked: /\bnumbered\b|\btop \d+\b/i, shows: (_parts, markdown) => numbered(markdown) },
  { name: 'bullet list', asked: /\bbullet(?:ed)?(?: points?| list)?s?\b/i, shows: (_parts, markdown) => bullets(markdown) || numbered(markdown) },
  { name: 'steps', asked: /\bstep[- ]by[- ]step\b|\bin steps\b/i, shows: (_parts, markdown) => numbered(markdown) },
  { name: 'call to action', asked: /\bcall to action\b|\bCTA\b/, shows: (_parts, markdown) => /\b(?:reply|book|sign up|register|click|join|call us|contact|get started|try|order|schedule|visit)\b/i.test(markdown.split('\n').slice(-12).join('\n')) },
  { name: 'acceptance criteria', asked: /\bacceptance criteria\b/i, shows: (_parts, markdown) => /acceptance criteria/i.test(markdown) },
];

function asked(brief: string, requirements: Record<string, unknown>): string {
  const format = typeof requirements.format === 'string' ? requirements.format : '';
  const flags = Object.entries(requirements)
    .filter(([key, value]) => value === true && /^include_/.test(key))
    .map(([key]) => key.replace(/^include_/, '').replace(/_/g, ' '));
  return [brief, format, ...flags].join('\n');
}

/** Checks of the deliverable the brief names and of the forms the request asks for. */
export function deliverableChecks(parts: DocumentParts, markdown: string, brief: string, requirements: Record<string, unknown>): Array<{ requirement: string; met: number }> {
  const text = asked(brief, requirements);
  const checks: Array<{ requirement: string; met: number }> = [];
  // The deliverable is the one the brief names first: "a blog post about how we triage tickets" is a blog post.
  const prose = /\b(?:blog post|blog|article|essay|newsletter|post)\b/i.exec(brief)?.index ?? Infinity;
  const named = deliverables.map((entry) => ({ entry, at: entry.asked.exec(brief)?.index ?? Infinity })).filter((entry) => entry.at < prose).sort((a, b) => a.at - b.at)[0];
  const deliverable = named?.entry;
  if (deliverable) checks.push({ requirement: `deliverable: ${deliverable.name}`, met: deliverable.shows(parts, markdown) ? 1 : 0 });
  for (const form of forms) if (form.asked.test(text)) checks.push({ requirement: `format: ${form.name}`, met: form.shows(parts, markdown) ? 1 : 0 });
  return checks;
}

export const deliverableReasons = (requirement: string): string | undefined => {
  if (requirement.startsWith('deliverable: ')) return `the document does not show the parts of the ${requirement.slice(13)} the brief asks for`;
  if (requirement.startsWith('format: ')) return `the content has no ${requirement.slice(8)}`;
  return undefined;
};
