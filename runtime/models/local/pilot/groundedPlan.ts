import type { Nlp } from '../../../quality/nlp.js';
import { flagOf } from '../../../quality/requirements.js';
import { salientItems } from '../../../quality/salient.js';
import { contentTerms, stem, words } from '../../../quality/text.js';
import type { StageInput } from '../../types.js';
import { capitalize, titleCase } from '../text/phrases.js';
import { cited, gatherSources } from '../text/sources.js';
import { topicOf, wholePhrase } from '../text/topic.js';
import { groundedStories, isPersonWord, type GroundedStory } from './groundedStories.js';
import { entityOf, estimate, timelineWeeks } from './productPlan.js';

const problemCue = /\b(problem|pain|struggl\w*|hard to|difficult|can't|cannot|unable|manual(?:ly)?|by hand|slow|waste\w*|los(?:e|ing|t)|late|frustrat\w*|complain\w*|churn|error-prone|time-consuming|no way to|lack\w*|ask(?:s|ed)? for|waiting|blocked|today)\b/i;
const goalCue = /\b(goal|aim|objective|increase|reduce|improve|target|kpi|metric|grow|cut|\d+%|\$\d)/i;
const constraintCue = /\b(must|should|needs?|above|below|up to|exceed\w*|limit\w*|only|cannot|can't|never|always|keep|stop|expire\w*|require\w*|within|per|at least|at most|until|before|after|unsubscribe|audit)\b/i;
const riskCue = /\b(risk|down|fail\w*|outage|break-glass|beta|deadline|until|expire\w*|gdpr|legal|compliance|security|audit|blocked|must keep working)\b/i;

// Formats, protocols, regulations, currencies and units the sources name are not systems to integrate with.
const formats = /^(?:GDPR|CCPA|HIPAA|PCI|SOC|SOC2|ISO|EUR|USD|GBP|KB|MB|GB|TB|PDF|CSV|JSON|XML|API|APIs|UI|URL|SSO|SAML|OIDC|HTTP|HTTPS|REST|SQL|EU|US|UK|PR|PRs|IT|HR|Q[1-4])$/;

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  purpose: string;
}

export interface GroundedTicket {
  id: string;
  title: string;
  story: string;
  estimate: number;
  acceptance_criteria: string[];
}

export interface GroundedPlan {
  product: string;
  problem: string[];
  goals: string[];
  requirements: string[];
  stories: GroundedStory[];
  fullSpec: boolean;
  integrations: string[];
  interfaces: Endpoint[];
  risks: string[];
  tickets: GroundedTicket[];
  milestones: Array<{ name: string; weeks: string; tickets: string[] }>;
}

function endpointFor(story: GroundedStory): Endpoint {
  const capability = story.capability.replace(/^to\s+/i, '');
  const verb = story.capability.startsWith('to ') ? capability.split(/\s+/)[0]!.toLowerCase() : 'request';
  const object = story.capability.startsWith('to ') ? entityOf(capability.replace(/\s+per\s+.*$/i, '')) : capability.split(/\s+/).slice(0, 3).join(' ');
  const acronym = /^[A-Z0-9]{2,}$/.test(object.trim()) || /^[a-z0-9]{2,4}$/.test(object.trim()) && /[A-Z]{2,}/.test(capability);
  const base = `/${object
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .trim()
    .replace(/\s+/g, '-')}${acronym || /s$/.test(object) ? '' : 's'}`;
  const purpose = capitalize(capability);
  if (/^(see|view|track|list|monitor|search|find|check|follow|get)$/.test(verb)) return { method: 'GET', path: base, purpose };
  if (/^(edit|update|manage|change|configure|choose|set|enforce)$/.test(verb)) return { method: 'PATCH', path: `${base}/{id}`, purpose };
  if (/^(delete|remove|unsubscribe|cancel|stop)$/.test(verb)) return { method: 'DELETE', path: `${base}/{id}`, purpose };
  if (/^(export|download)$/.test(verb)) return { method: 'POST', path: `${base}/exports`, purpose };
  return { method: 'POST', path: base, purpose };
}

function range(from: number, to: number): string {
  return from === to ? `Week ${from}` : `Weeks ${from}-${to}`;
}

/** Context sentences sharing at least two content terms with `text` (one for short texts). */
function related(sentences: string[], text: string): string[] {
  const terms = new Set(contentTerms(text).map(stem));
  const need = terms.size > 3 ? 2 : 1;
  return sentences.filter((sentence) => contentTerms(sentence).filter((term) => terms.has(stem(term))).length >= need);
}

/**
 * The PRD's content, all of it read from the client's material: the problem and goals are the
 * context's own sentences, requirements its constraints, user stories are parsed from sentences
 * whose subject is a kind of person, integrations are the systems it names, risks its risk
 * sentences, and tickets take their acceptance criteria from the related constraints.
 */
export function groundedPlan(input: StageInput, nlp: Nlp): GroundedPlan {
  const sources = gatherSources(input);
  const sentences = sources.sentences.map(cited);
  const topic = topicOf(input.brief);
  const product = titleCase(wholePhrase(topic, 12));
  const parsed = nlp.parse(sources.sentences.map((sentence) => sentence.text).join('\n').slice(0, 20_000));
  // The brief itself may say who it is for ("a portal that lets customers download invoices").
  const stories = groundedStories([...nlp.parse(input.brief), ...parsed]);
  const problem = sentences.filter((sentence) => problemCue.test(sentence) && !constraintCue.test(sentence)).slice(0, 4);
  if (problem.length === 0 && sentences[0]) problem.push(sentences[0]);
  const goals = sentences.filter((sentence) => goalCue.test(sentence) && !problem.includes(sentence)).slice(0, 3);
  const requirements = sentences.filter((sentence) => constraintCue.test(sentence)).slice(0, 8);
  const risks = sentences.filter((sentence) => riskCue.test(sentence)).slice(0, 5);
  const roleWords = new Set(stories.flatMap((story) => contentTerms(story.role.split(/\s+(?:on|in|of|from|at|with|using)\s+/)[0]!)));
  // A capitalised word that also appears in lower case is a sentence start, not a system's name.
  const productWords = new Set(words(sentences.join(' ')).filter((word) => /^[a-z]/.test(word)).map(stem));
  const integrations = salientItems(parsed)
    .filter((item) => item.kind === 'name' && !roleWords.has(item.text.toLowerCase()) && !isPersonWord(item.text) && !productWords.has(stem(item.text)) && !formats.test(item.text))
    .map((item) => item.text)
    .slice(0, 8);
  const tickets = stories.map((story, index) => ({
    id: `T-${index + 1}`,
    title: capitalize(story.capability.replace(/^to\s+/i, '')),
    story: story.text,
    estimate: estimate(story.capability),
    acceptance_criteria: related(requirements, story.capability).slice(0, 3),
  }));
  return { product, problem, goals, requirements, stories, fullSpec: flagOf(input.requirements, 'include_technical_specs'), integrations, interfaces: stories.filter((story) => /^to\s+(?!be\s)/i.test(story.capability)).map(endpointFor), risks, tickets, milestones: milestonesOf(tickets, input.requirements) };
}

function milestonesOf(tickets: GroundedTicket[], requirements: Record<string, unknown>): GroundedPlan['milestones'] {
  const half = Math.ceil(tickets.length / 2);
  const groups = [
    { name: 'M1: First stories end to end', tickets: tickets.slice(0, half) },
    { name: 'M2: Remaining stories', tickets: tickets.slice(half) },
  ].filter((group) => group.tickets.length > 0);
  const points = groups.map((group) => group.tickets.reduce((sum, ticket) => sum + ticket.estimate, 0));
  const total = Math.max(1, points.reduce((sum, value) => sum + value, 0));
  const weeks = timelineWeeks(requirements) ?? Math.max(groups.length + 1, Math.ceil(total / 8) + 1);
  const build = Math.max(groups.length, weeks - 1);
  let start = 1;
  const result = groups.map((group, index) => {
    const length = Math.max(1, Math.round((build * points[index]!) / total));
    const milestone = { name: group.name, weeks: range(start, start + length - 1), tickets: group.tickets.map((ticket) => ticket.id) };
    start += length;
    return milestone;
  });
  result.push({ name: `M${result.length + 1}: Launch`, weeks: range(start, Math.max(start, weeks)), tickets: [] });
  return result;
}

const bullets = (items: string[]) => items.map((item) => `- ${item}`).join('\n');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The PRD after stage `upTo` (0-based). */
export function renderPlan(plan: GroundedPlan, upTo: number, requirements: Record<string, unknown>): string {
  const blocks = [`# PRD: ${plan.product}`, '## Problem', bullets(plan.problem)];
  if (plan.goals.length > 0) blocks.push('## Goals', bullets(plan.goals));
  if (plan.requirements.length > 0) blocks.push('## Requirements', bullets(plan.requirements));
  if (requirements.include_user_stories !== false && plan.stories.length > 0) blocks.push('## User stories', bullets(plan.stories.map((story) => story.text)));
  if (upTo >= 1) {
    blocks.push(plan.fullSpec ? '## Technical specifications' : '## Technical notes');
    if (plan.integrations.length > 0) blocks.push('### Integrations', bullets(plan.integrations));
    if (plan.interfaces.length > 0) {
      blocks.push('### Interfaces', ['| Method | Path | Purpose |', '| --- | --- | --- |', ...plan.interfaces.map((endpoint) => `| ${endpoint.method} | \`${endpoint.path}\` | ${cell(endpoint.purpose)} |`)].join('\n'));
    }
    if (plan.risks.length > 0) blocks.push('### Risks', bullets(plan.risks));
  }
  if (upTo >= 2) {
    blocks.push('## Roadmap', ['| Milestone | When | Tickets |', '| --- | --- | --- |', ...plan.milestones.map((milestone) => `| ${milestone.name} | ${milestone.weeks} | ${milestone.tickets.join(', ') || 'release'} |`)].join('\n'));
  }
  if (upTo >= 3 && plan.tickets.length > 0) {
    blocks.push(
      '## Tickets',
      [
        '| Ticket | Title | Points | Acceptance criteria |',
        '| --- | --- | --- | --- |',
        ...plan.tickets.map((ticket) => `| ${ticket.id} | ${cell(ticket.title)} | ${ticket.estimate} | ${cell(ticket.acceptance_criteria.join(' ') || 'the story works end to end')} |`),
      ].join('\n'),
    );
  }
  if (upTo >= 4) {
    blocks.push(
      '## Release plan',
      ['| Step | Who gets it | Watch |', '| --- | --- | --- |', '| 1 | internal users | errors and support tickets |', '| 2 | 10% of organisations | the requirements above, two days |', '| 3 | everyone | then remove the flag |'].join('\n'),
    );
  }
  return blocks.join('\n\n');
}
