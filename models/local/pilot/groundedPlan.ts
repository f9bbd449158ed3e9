import type { Nlp } from '../../../quality/nlp.js';
import { flagOf } from '../../../quality/requirements.js';
import { salientItems } from '../../../quality/salient.js';
import { contentTerms, stem, words } from '../../../quality/text.js';
import type { StageInput } from '../../types.js';
import { capitalize, titleCase } from '../text/phrases.js';
import { sentenceStart } from '../document/context.js';
import { cited, gatherSources } from '../text/sources.js';
import { topicOf, wholePhrase } from '../text/topic.js';
import { groundedStories, isPersonWord, type GroundedStory } from './groundedStories.js';
import { timelineWeeks } from './productPlan.js';
import { readBrief } from '../text/briefReading.js';
import { bareFrame, frameBlocks, productOf, type BareFrame } from './barePlan.js';

const problemCue = /\b(problem|pain|struggl\w*|hard to|difficult|can't|cannot|unable|manual(?:ly)?|by hand|slow|waste\w*|los(?:e|ing|t)|late|frustrat\w*|complain\w*|churn|error-prone|time-consuming|no way to|lack\w*|ask(?:s|ed)? for|waiting|blocked|today)\b/i;
// A line that says what the product does or gives, not what is wrong today.
const capabilityLine = /^(?:(?:the\s+|our\s+|all\s+)?(?:users?|customers?|admins?|members?|people|both|each|everyone|they|we)\s+(?:can|could|will|get|gets|invite|invites|see|sees|receive|receives|earn|earns|choose|chooses|pick|picks)\b|(?:add|allow|let|support|show|send|give)\s)/i;
const goalCue = /\b(goal|aim|objective|increase|reduce|improve|target|kpi|metric|grow|cut|\d+%|\$\d)/i;
// "existing plans keep the old price" is a constraint; "customers keep asking how to ..." is not.
const constraintCue = /\b(must|should|(?:no\s+)?more than|fewer than|less than|nobody|no one|rules?\s+say|needs?|above|below|up to|exceed\w*|limit\w*|only|cannot|can't|never|always|keep(?!\s+\w+ing\b)|stop|expire\w*|require\w*|within|per|at least|at most|until|before|after|unsubscribe|audit)\b/i;
const riskCue = /\b(risk|worr(?:y|ied|ies)|concern\w*|fraud\w*|abuse\w*|leak\w*|misuse\w*|exploit\w*|down|fail\w*|outage|break-glass|beta|deadline|until|expire\w*|gdpr|legal|compliance|security|audit|blocked|must keep working)\b/i;

// Formats, protocols, regulations, currencies and units the sources name are not systems to integrate with.
const months = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;
// A product or service is named as such: after a word that connects to it ("on Okta", "exported
// to NetSuite", "sync with Jira", "via Twilio") or before one that says what it is ("Stripe API").
const serviceBefore = /\b(?:on|to|into|from|with|via|using|uses?|through|in|integrat\w*|sync\w*|connect\w*|export\w*|import\w*|push\w*|post\w*|send\w*|built on|runs on|hosted on)\s+(?:the\s+|our\s+|their\s+)?$/i;
const serviceAfter = /^\s*(?:'s\s+)?(?:API|APIs|SDK|webhooks?|app|integration|account|workspace|tenant|instance|plugin|connector|sandbox)\b/i;
const happenedOn = /\b(?:leak(?:s|ed)?|went\s+viral|viral|spotted|trending|complain(?:s|ed)?|mentioned|reviewed|reported|posted|shared|read|saw|seen)\s+(?:on|in)\s+(?:the\s+)?$/i;
// What people do: a name followed by one of these is a person, not a system.
const personAfter = /^\s*(?:will|said|says|asked|asks|wants|thinks|owns|leads|agreed|decided|mentioned|noted|suggested|from (?:finance|sales|support|legal|ops))\b/i;
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
  /** Story points as the client's material gives them ("3 points"); null when it gives none (never guessed). */
  estimate: number | null;
  acceptance_criteria: string[];
}

export interface GroundedPlan {
  product: string;
  problem: string[];
  /** The material's sentences no other section says: every fact the client gave is in the PRD. */
  background: string[];
  goals: string[];
  requirements: string[];
  stories: GroundedStory[];
  fullSpec: boolean;
  integrations: string[];
  interfaces: Endpoint[];
  risks: string[];
  tickets: GroundedTicket[];
  /** `weeks` only when the client gave a timeline (requirements.timeline); null otherwise. */
  milestones: Array<{ name: string; weeks: string | null; tickets: string[] }>;
  /** The material's sentences that carry dates, and those about the rollout (pilot, launch, beta). */
  dates: string[];
  rollout: string[];
  /** Nothing but the brief came. */
  bare: boolean;
  /** For a bare brief: the PRD's sections, from the brief's own subject, users and terms (see barePlan). */
  frame?: BareFrame;
}

const dateCue = /\b(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|Q[1-4]|20\d\d|\d{4}-\d{2}-\d{2}|deadline|by the end of)\b/i;
const rolloutCue = /\b(?:pilot\w*|roll(?:s|ed|ing)?[ -]?out|launch\w*|beta|go[- ]live|release\w*|ship\w*|phase\w*|first customers?|early access)\b/i;
// An endpoint the client wrote: "GET /v1/notes", "POST /sync".
const endpointPattern = /\b(GET|POST|PUT|PATCH|DELETE)\s+(\/[\w\/{}:.-]{0,120})/g;
const pointsPattern = /\b(\d{1,2})\s*(?:story\s+)?points?\b/i;

/** The sentence an endpoint was named in, as its purpose. */
function purposeOf(corpus: string, index: number): string {
  const start = Math.max(corpus.lastIndexOf('\n', index), corpus.lastIndexOf('. ', index) + 1, 0);
  const end = corpus.slice(index).search(/\.(?:\s|$)|\n/);
  return corpus.slice(start, end < 0 ? corpus.length : index + end + 1).trim();
}

/** Points the material states for a capability ("offline sync is 8 points"); null when it states none. */
function givenEstimate(corpus: string, capability: string): number | null {
  const terms = new Set(contentTerms(capability).map(stem));
  for (const sentence of corpus.split(/(?<=[.!?])\s+|\n/)) {
    const points = pointsPattern.exec(sentence);
    if (points && contentTerms(sentence).some((term) => terms.has(stem(term)))) return Number(points[1]);
  }
  return null;
}

/** Whether the material names `name` as a product or service (see serviceBefore / serviceAfter), never as a person or inside a hyphenated word. */
function namedAsService(corpus: string, name: string): boolean {
  let from = 0;
  let service = false;
  for (;;) {
    const at = corpus.indexOf(name, from);
    if (at < 0) return service;
    from = at + name.length;
    const before = corpus.slice(Math.max(0, at - 80), at);
    const after = corpus.slice(from, from + 40);
    // "Wi" of "Wi-Fi", "Fi" of "Wi-Fi": a fragment of a hyphenated word is no name.
    if (/[-‐]$/.test(before) || /^[-‐]\w/.test(after) || /^\w/.test(after) || /\w$/.test(before)) return false;
    if (personAfter.test(after)) return false;
    // "a coupon code leaked on Reddit", "people complain on Twitter": where something happened, not a system the product talks to.
    if (happenedOn.test(before)) continue;
    // "on Okta, Azure AD and Google Workspace": a name in a list of names takes the list's cue.
    const listed = before.replace(/(?:[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*\s*(?:,|\band\b|\bor\b|&)\s*)+$/, '');
    if (serviceBefore.test(before) || serviceBefore.test(listed) || serviceAfter.test(after)) service = true;
  }
}

/**
 * The stories a bare brief gives: its users want its product. "Write a PRD for an offline notes
 * app for field inspectors" -> "As a field inspector, I want an offline notes app." The benefit is
 * the brief's own stated reason, else none (a missing reason is reported, not invented).
 */
function briefStories(brief: string, requirements: Record<string, unknown>): GroundedStory[] {
  const reading = readBrief(brief, requirements);
  const users = reading.audience ?? /\bfor\s+((?:[a-z-]+\s+){0,2}[a-z-]+s)\b(?![^.]*\bfor\s+[a-z])/i.exec(brief)?.[1];
  if (!users) return productStories(reading.subject, reading.goal);
  const words = users.toLowerCase().split(/\s+/);
  const last = words.pop()!;
  const role = [...words, last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.replace(/s$/, '')].join(' ');
  const product = reading.subject.replace(new RegExp(`\\s+for\\s+${users.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*$`, 'i'), '').trim();
  if (!product) return [];
  const what = /^(?:a|an|the|our|my)\s/i.test(product) ? product.replace(/^(?:our|my)\s/i, 'the ') : `${/^[aeiou]/i.test(product) ? 'an' : 'a'} ${product}`;
  const capability = what.charAt(0).toLowerCase() + what.slice(1);
  const benefit = reading.goal ? reading.goal.replace(/^(?:they|we)\b/i, 'I').replace(/\b(?:their|our)\b/gi, 'my') : '';
  const lead = /^[aeiou]/i.test(role) && !/^(?:user|uni|eu)/i.test(role) ? 'an' : 'a';
  const text = benefit ? `As ${lead} ${role}, I want ${capability} so that ${benefit}.` : `As ${lead} ${role}, I want ${capability}.`;
  return [{ role: `${lead} ${role}`, capability, benefit, text, source: brief }];
}

/** "offline mode in our field inspection app" -> "As a user of the field inspection app, I want offline mode." */
function productStories(subject: string, goal: string | undefined): GroundedStory[] {
  const product = productOf(subject);
  if (!product) return [];
  const benefit = goal ? goal.replace(/^(?:they|we)\b/i, 'I').replace(/\b(?:their|our)\b/gi, 'my') : '';
  const role = `a user of ${product.name}`;
  const text = `As ${role}, I want ${product.feature}${benefit ? ` so that ${benefit}` : ''}.`;
  return [{ role, capability: product.feature, benefit, text, source: subject }];
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
  const corpus = sources.sentences.map((sentence) => sentence.text).join('\n');
  const topic = topicOf(input.brief);
  const product = titleCase(wholePhrase(topic, 12));
  const parsed = nlp.parse(sources.sentences.map((sentence) => sentence.text).join('\n').slice(0, 20_000));
  // The brief itself may say who it is for ("a portal that lets customers download invoices").
  const found = groundedStories([...nlp.parse(input.brief), ...parsed]);
  // Asked-for stories are never dropped: without one in the material, the brief's own product and
  // users give it ("As a field inspector, I want an offline notes app"), a reason only if given.
  const stories = found.length > 0 || !(flagOf(input.requirements, 'include_user_stories') || sources.sentences.length === 0) ? found : briefStories(input.brief, input.requirements);
  const problem = sentences.filter((sentence) => problemCue.test(sentence) && !constraintCue.test(sentence)).slice(0, 4);
  // Without a sentence that states a problem, the first one stands for it, unless it states what the product does ("users invite friends via a unique link").
  if (problem.length === 0 && sentences[0] && !capabilityLine.test(sentences[0])) problem.push(sentences[0]);
  // The client's own dates and rollout steps: the roadmap and release plan say only what was given.
  const dates = sentences.filter((sentence) => dateCue.test(sentence)).slice(0, 4);
  const rollout = sentences.filter((sentence) => rolloutCue.test(sentence)).slice(0, 4);
  const endpoints = [...corpus.matchAll(endpointPattern)].map((match) => ({ method: match[1]!.toUpperCase() as Endpoint['method'], path: match[2]!.replace(/[.,;:]+$/, ''), purpose: purposeOf(corpus, match.index) }));
  const goals = sentences.filter((sentence) => goalCue.test(sentence) && !problem.includes(sentence)).slice(0, 3);
  // What the product must do: its constraints, and the lines that say what it does or gives ("users invite friends via a unique link").
  const requirements = sentences.filter((sentence) => constraintCue.test(sentence) || capabilityLine.test(sentence)).slice(0, 8);
  const risks = sentences.filter((sentence) => riskCue.test(sentence)).slice(0, 5);
  // Every fact the client gave appears somewhere: what no section took is the PRD's background.
  // A sentence naming an endpoint is said beside it in the interfaces table.
  const told = new Set([...problem, ...goals, ...requirements, ...risks, ...dates, ...rollout, ...sentences.filter((sentence) => new RegExp(endpointPattern.source).test(sentence))]);
  const storied = (text: string) => stories.some((story) => story.source.trim() !== '' && (story.source.includes(text) || text.includes(story.source)));
  const background = sources.sentences.filter((sentence, index) => !told.has(sentences[index]!) && !storied(sentence.text)).map(cited).slice(0, 12);
  const roleWords = new Set(stories.flatMap((story) => contentTerms(story.role.split(/\s+(?:on|in|of|from|at|with|using)\s+/)[0]!)));
  // A capitalised word that also appears in lower case is a sentence start, not a system's name.
  const productWords = new Set(words(sentences.join(' ')).filter((word) => /^[a-z]/.test(word)).map(stem));
  const integrations = salientItems(parsed)
    .filter((item) => item.kind === 'name' && !roleWords.has(item.text.toLowerCase()) && !isPersonWord(item.text) && !productWords.has(stem(item.text)) && !formats.test(item.text))
    .map((item) => item.text)
    .filter((name) => !name.split(' ').some((word) => months.test(word) || formats.test(word)) && namedAsService(corpus, name))
    .slice(0, 8);
  const tickets = stories.map((story, index) => ({
    id: `T-${index + 1}`,
    title: capitalize(story.capability.replace(/^to\s+/i, '')),
    story: story.text,
    estimate: givenEstimate(corpus, story.capability),
    acceptance_criteria: related(requirements, story.capability).slice(0, 3),
  }));
  return { product, problem, background, goals, requirements, stories, fullSpec: flagOf(input.requirements, 'include_technical_specs'), integrations, interfaces: endpoints, risks, tickets, milestones: milestonesOf(tickets, input.requirements), dates, rollout, bare: sources.sentences.length === 0, ...(sources.sentences.length === 0 ? { frame: bareFrame(input.brief, input.requirements) } : {}) };
}

function milestonesOf(tickets: GroundedTicket[], requirements: Record<string, unknown>): GroundedPlan['milestones'] {
  const half = Math.ceil(tickets.length / 2);
  const groups = [
    { name: 'M1: First stories end to end', tickets: tickets.slice(0, half) },
    { name: 'M2: Remaining stories', tickets: tickets.slice(half) },
  ].filter((group) => group.tickets.length > 0);
  // Weeks only on the client's own timeline; each build milestone an equal share of it (no points to weigh by).
  const weeks = timelineWeeks(requirements);
  if (weeks === undefined) {
    return [...groups.map((group) => ({ name: group.name, weeks: null, tickets: group.tickets.map((ticket) => ticket.id) })), { name: `M${groups.length + 1}: Launch`, weeks: null, tickets: [] }];
  }
  const build = Math.max(groups.length, weeks - 1);
  let start = 1;
  const result: GroundedPlan['milestones'] = groups.map((group, index) => {
    const length = Math.max(1, Math.round(build / groups.length) + (index === groups.length - 1 ? build - groups.length * Math.round(build / groups.length) : 0));
    const milestone = { name: group.name, weeks: range(start, start + length - 1), tickets: group.tickets.map((ticket) => ticket.id) };
    start += length;
    return milestone;
  });
  result.push({ name: `M${result.length + 1}: Launch`, weeks: range(start, Math.max(start, weeks)), tickets: [] });
  return result;
}

// Notes typed in lower case start their bullets with a capital; a label that only repeats the section's name ("success:" under Goals) is left out.
const sectionLabel = /^(?:success|goals?|aims?|objectives?|metrics?|kpis?|measures?|requirements?|reqs?|must|constraints?|risks?|problems?|pains?|background|context|notes?)\s*:\s*/i;
const bullets = (items: string[]) => items.map((item) => `- ${sentenceStart(item.replace(sectionLabel, ''))}`).join('\n');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The PRD after stage `upTo` (0-based); a section with nothing from the brief or material is left out. */
export function renderPlan(plan: GroundedPlan, upTo: number, requirements: Record<string, unknown>): string {
  const blocks = [`# PRD: ${plan.product}`];
  if (plan.frame) blocks.push(plan.frame.opening, ...frameBlocks(plan.frame.before));
  if (plan.problem.length > 0) blocks.push('## Problem', bullets(plan.problem));
  if (plan.background.length > 0) blocks.push('## Background', bullets(plan.background));
  if (plan.goals.length > 0) blocks.push('## Goals', bullets(plan.goals));
  if (plan.requirements.length > 0) blocks.push('## Requirements', bullets(plan.requirements));
  if (requirements.include_user_stories !== false && plan.stories.length > 0) blocks.push('## User stories', bullets(plan.stories.map((story) => story.text)));
  if (plan.frame) blocks.push(...frameBlocks(plan.frame.after));
  if (upTo >= 1 && (plan.integrations.length > 0 || plan.interfaces.length > 0 || plan.risks.length > 0)) {
    blocks.push(plan.fullSpec ? '## Technical specifications' : '## Technical notes');
    if (plan.integrations.length > 0) blocks.push('### Integrations', bullets(plan.integrations));
    if (plan.interfaces.length > 0) {
      blocks.push('### Interfaces', ['| Method | Path | Where the material names it |', '| --- | --- | --- |', ...plan.interfaces.map((endpoint) => `| ${endpoint.method} | \`${endpoint.path}\` | ${cell(endpoint.purpose)} |`)].join('\n'));
    }
    if (plan.risks.length > 0) blocks.push('### Risks', bullets(plan.risks));
  }
  const building = plan.milestones.filter((milestone) => milestone.tickets.length > 0);
  if (upTo >= 2 && (building.length > 0 || plan.dates.length > 0)) {
    blocks.push('## Roadmap');
    if (building.length > 0) {
      blocks.push(
        plan.milestones.some((milestone) => milestone.weeks)
          ? ['| Milestone | When | Tickets |', '| --- | --- | --- |', ...plan.milestones.map((milestone) => `| ${milestone.name} | ${milestone.weeks} | ${milestone.tickets.join(', ') || 'release'} |`)].join('\n')
          : plan.milestones.map((milestone, index) => `${index + 1}. ${milestone.name}${milestone.tickets.length > 0 ? `: ${milestone.tickets.map((id) => `${id} (${plan.tickets.find((ticket) => ticket.id === id)?.title ?? id})`).join(', ')}` : ''}`).join('\n'),
      );
    }
    if (plan.dates.length > 0) blocks.push('### Dates from the brief and context', bullets(plan.dates));
  }
  if (upTo >= 3 && plan.tickets.length > 0) {
    const points = plan.tickets.some((ticket) => ticket.estimate !== null);
    blocks.push(
      '## Tickets',
      [
        `| Ticket | Title |${points ? ' Points |' : ''} Acceptance criteria |`,
        `| --- | --- |${points ? ' --- |' : ''} --- |`,
        ...plan.tickets.map((ticket) => `| ${ticket.id} | ${cell(ticket.title)} |${points ? ` ${ticket.estimate ?? ''} |` : ''} ${cell(ticket.acceptance_criteria.join(' ') || 'the story works end to end')} |`),
      ].join('\n'),
    );
  }
  if (upTo >= 4 && (plan.rollout.length > 0 || plan.stories.length > 0)) {
    blocks.push('## Release plan');
    if (plan.rollout.length > 0) blocks.push(bullets(plan.rollout));
    if (plan.stories.length > 0) {
      // Stages of a rollout, not a schedule: no share, date or duration the client did not give.
      blocks.push(['| Step | Who gets it | Watch |', '| --- | --- | --- |', '| 1 | internal users | errors and support tickets |', '| 2 | a first group of customers | the requirements above |', '| 3 | everyone | then remove the flag |'].join('\n'));
    }
  }
  return blocks.join('\n\n');
}
