import { flagOf } from '../../quality/requirements.js';
import type { StageInput, StageOutput } from '../types.js';
import { milestones, technicalSpec, tickets, type Milestone, type TechnicalSpec, type Ticket } from './productPlan.js';
import { capitalize, list, titleCase } from './phrases.js';
import { gatherSources } from './sources.js';
import { userStories, type UserStory } from './stories.js';
import { Memo, requestKey } from './memo.js';
import { topicOf } from './topic.js';

const problemPattern = /\b(problem|pain|struggl\w*|hard to|difficult|can't|cannot|unable|manual(?:ly)?|slow|waste\w*|los(?:e|ing|t)|frustrat\w*|complain\w*|churn|error-prone|too long|time-consuming|no way to|lack\w*)\b/i;
const goalPattern = /\b(goal|aim|objective|increase|reduce|improve|target|kpi|metric|grow|cut)\b/i;

interface Plan {
  product: string;
  problem: string[];
  goals: string[];
  stories: UserStory[];
  spec: TechnicalSpec;
  fullSpec: boolean;
  tickets: Ticket[];
  milestones: Milestone[];
}

/**
 * The pilot crew writes a PRD that grows stage by stage: problem, goals and user stories; then
 * technical specs (in full when include_technical_specs is set, else short notes); roadmap
 * milestones; tickets with acceptance criteria and estimates; and the release plan.
 */
export function pilotStep(input: StageInput, memo: Memo = new Memo()): StageOutput {
  const plan = memo.get(requestKey('plan', input), () => planOf(input));
  const index = input.crew.stages.findIndex((stage) => stage.name === input.stage.name);
  const upTo = index < 0 ? input.crew.stages.length : index;
  const content = render(plan, upTo, input.requirements);
  const data: Record<string, unknown> = { product: plan.product, user_stories: plan.stories.map((story) => story.text) };
  switch (input.stage.name) {
    case 'product_definition':
      return { summary: `Defined the problem, ${plan.goals.length} goals and ${plan.stories.length} user stories for ${plan.product}`, content, data };
    case 'technical_design':
      return {
        summary: `${plan.fullSpec ? 'Specified' : 'Noted'} ${plan.spec.components.length} components and ${plan.spec.interfaces.length} interfaces`,
        content,
        data: { ...data, technical_spec: structuredClone(plan.spec) },
      };
    case 'roadmap_planning':
      return { summary: `Ordered the work into ${plan.milestones.length} milestones`, content, data: { ...data, milestones: structuredClone(plan.milestones) } };
    case 'ticket_creation':
      return {
        summary: `Broke the work into ${plan.tickets.length} tickets (${plan.tickets.reduce((sum, ticket) => sum + ticket.estimate, 0)} points)`,
        content,
        data: { ...data, tickets: structuredClone(plan.tickets) },
      };
    default:
      return {
        summary: `Planned the release: checklist, staged rollout and notes for ${plan.stories.length} stories`,
        content,
        // Copies: the plan is shared with the outcome's other stages.
        data: { ...data, ...structuredClone({ technical_spec: plan.spec, milestones: plan.milestones, tickets: plan.tickets }) },
      };
  }
}

function planOf(input: StageInput): Plan {
  const sources = gatherSources(input);
  const product = titleCase(topicOf(input.brief));
  const texts = [input.brief, input.context ?? '', ...input.contextDocuments, ...input.knowledge];
  const stories = userStories(texts, product);
  const sentences = sources.sentences.map((sentence) => sentence.text);
  const problem = sentences.filter((sentence) => problemPattern.test(sentence)).slice(0, 4);
  const roles = [...new Set(stories.map((story) => story.role))];
  if (problem.length === 0) problem.push(`The brief asks for a way for ${roles.map((role) => `${role}s`).join(' and ')} to ${list(stories.slice(0, 3).map((story) => story.capability.replace(/^to\s+/, '')))}.`);
  const goals = [
    ...sentences.filter((sentence) => goalPattern.test(sentence) && !problem.includes(sentence)).slice(0, 3),
    ...stories.slice(0, 4).map((story) => `Let ${story.role}s ${story.capability.replace(/^to\s+/, '')}.`),
  ];
  const fullSpec = flagOf(input.requirements, 'include_technical_specs');
  const spec = technicalSpec(stories, sentences, sources.corpus);
  const all = tickets(stories, fullSpec ? spec : undefined);
  return { product, problem, goals, stories, spec, fullSpec, tickets: all, milestones: milestones(all, fullSpec, input.requirements) };
}

const bullets = (items: string[]) => items.map((item) => `- ${item}`).join('\n');

/** The PRD after stage `upTo` (0-based). */
function render(plan: Plan, upTo: number, requirements: Record<string, unknown>): string {
  const blocks = [`# PRD: ${plan.product}`, '## Problem', bullets(plan.problem), '## Goals', bullets(plan.goals)];
  if (requirements.include_user_stories !== false) blocks.push('## User stories', bullets(plan.stories.map((story) => story.text)));
  if (upTo >= 1) blocks.push(...technical(plan));
  if (upTo >= 2) {
    blocks.push('## Roadmap');
    for (const milestone of plan.milestones) {
      blocks.push(`### ${milestone.name} (${milestone.weeks})`, `${milestone.goal}.${milestone.tickets.length > 0 ? ` Tickets: ${milestone.tickets.join(', ')}.` : ''}`);
    }
  }
  if (upTo >= 3) {
    blocks.push('## Tickets');
    for (const ticket of plan.tickets) {
      blocks.push(`### ${ticket.id}: ${ticket.title} (${ticket.estimate} points)`, ticket.description, `Acceptance criteria:\n${bullets(ticket.acceptance_criteria)}`);
    }
  }
  if (upTo >= 4) blocks.push(...release(plan));
  return blocks.join('\n\n');
}

function technical(plan: Plan): string[] {
  const { spec } = plan;
  if (!plan.fullSpec) {
    return ['## Technical notes', bullets([...spec.components, ...spec.risks.map((risk) => `Risk: ${risk}`)])];
  }
  const interfaces = spec.interfaces.map((endpoint) => `| ${endpoint.method} | \`${endpoint.path}\` | ${endpoint.purpose} |`);
  return [
    '## Technical specifications',
    '### Components',
    bullets(spec.components),
    '### Interfaces',
    ['| Method | Path | Purpose |', '| --- | --- | --- |', ...interfaces].join('\n'),
    '### Data model',
    bullets(spec.entities.map((entity) => `${capitalize(entity)}: id, owner, status, created_at, updated_at`)),
    '### Risks',
    spec.risks.length > 0 ? bullets(spec.risks) : 'The sources name no risks; review integrations and data migration before the first milestone.',
  ];
}

function release(plan: Plan): string[] {
  const checklist = [
    ...plan.milestones.filter((milestone) => milestone.tickets.length > 0).map((milestone) => `${milestone.name.split(':')[0]} tickets done: ${milestone.tickets.join(', ')}`),
    'Acceptance criteria verified for every ticket',
    'Feature flag in place for a staged rollout',
    'Monitoring and alerts cover the new interfaces',
    'Rollback plan written down and tried',
    'Support and documentation updated',
  ];
  return [
    '## Release plan',
    '### Checklist',
    checklist.map((item) => `- [ ] ${item}`).join('\n'),
    '### Rollout',
    bullets(['Internal users first', '10% of users, watch errors and feedback for two days', '50% of users', 'Everyone, then remove the flag']),
    '### Release notes',
    bullets(plan.stories.map((story) => `New for ${story.role}s: ${story.capability.replace(/^to\s+/, '')}.`)),
  ];
}
