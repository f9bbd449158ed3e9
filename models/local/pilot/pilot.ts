import type { StageInput, StageOutput } from '../../types.js';
import { isLastStage, requestKey } from '../memo.js';
import type { Workbench } from '../workbench.js';
import { groundedPlan, renderPlan, type GroundedPlan } from './groundedPlan.js';
import { flagOf } from '../../../quality/requirements.js';

/**
 * The pilot crew writes a PRD that grows stage by stage, every part read from the client's
 * material (see groundedPlan): problem, goals, requirements and user stories; technical specs
 * (integrations, interfaces, risks); roadmap milestones; tickets with acceptance criteria; and
 * the release plan.
 */
export function pilotStep(input: StageInput, bench: Workbench): StageOutput {
  const { memo } = bench;
  const plan = memo.get(requestKey('plan', input), () => groundedPlan(input, bench.nlp), isLastStage(input));
  const index = input.crew.stages.findIndex((stage) => stage.name === input.stage.name);
  const upTo = index < 0 ? input.crew.stages.length : index;
  const content = renderPlan(plan, upTo, input.requirements);
  const notes = notesOf(plan, input.requirements);
  const data: Record<string, unknown> = { product: plan.product, user_stories: plan.stories.map((story) => story.text), ...(notes.length > 0 ? { notes } : {}) };
  const spec = () => structuredClone({ integrations: plan.integrations, interfaces: plan.interfaces, risks: plan.risks });
  switch (input.stage.name) {
    case 'product_definition':
      return { summary: `Defined the problem, ${plan.requirements.length} requirements and ${plan.stories.length} user stories for ${plan.product}`, content, data };
    case 'technical_design':
      return { summary: `${plan.fullSpec ? 'Specified' : 'Noted'} ${plan.integrations.length} integrations, ${plan.interfaces.length} interfaces and ${plan.risks.length} risks`, content, data: { ...data, technical_spec: spec() } };
    case 'roadmap_planning':
      return { summary: `Ordered the work into ${plan.milestones.length} milestones${plan.milestones.some((milestone) => milestone.weeks) ? ' on the requested timeline' : ''}`, content, data: { ...data, milestones: structuredClone(plan.milestones) } };
    case 'ticket_creation':
      return { summary: `Broke the work into ${plan.tickets.length} tickets${pointsOf(plan.tickets)}`, content, data: { ...data, tickets: structuredClone(plan.tickets) } };
    default:
      return {
        summary: `Planned the release of ${plan.stories.length} stories in ${plan.milestones.length} milestones`,
        content,
        // Copies: the plan is shared with the outcome's other stages.
        data: { ...data, technical_spec: spec(), ...structuredClone({ milestones: plan.milestones, tickets: plan.tickets }) },
      };
  }
}

/** " (13 points)" when the material gave points for every ticket, else "" (points are never guessed). */
function pointsOf(tickets: Array<{ estimate: number | null }>): string {
  if (tickets.length === 0 || tickets.some((ticket) => ticket.estimate === null)) return '';
  return ` (${tickets.reduce((sum, ticket) => sum + (ticket.estimate ?? 0), 0)} points)`;
}

/** What the PRD could not say from the material, beside the document (never in it). */
function notesOf(plan: GroundedPlan, requirements: Record<string, unknown>): string[] {
  const notes: string[] = [];
  if (plan.bare) notes.push('The brief came without context, context documents or knowledge passages: the PRD holds no facts, figures, estimates, endpoints or dates beyond the brief; it lists the questions the PRD must answer.');
  const reasonless = plan.stories.filter((story) => !story.benefit);
  if (reasonless.length > 0) notes.push(`No reason was given for ${reasonless.length} user stor${reasonless.length === 1 ? 'y' : 'ies'}, so ${reasonless.length === 1 ? 'it has' : 'they have'} no "so that" clause: ${reasonless.map((story) => story.text).join(' ')}`);
  if (flagOf(requirements, 'include_user_stories') && plan.stories.length === 0) notes.push('User stories were asked for, but neither the brief nor the material says who uses the product.');
  if (plan.tickets.some((ticket) => ticket.estimate === null)) notes.push('No story points are given: the material states none for these tickets.');
  const timeline = typeof requirements.timeline === 'string' ? requirements.timeline.trim() : '';
  // A timeline that was given is never called missing (issue 26); it is only not split into weeks.
  // The roadmap is only spoken of when the PRD has one (its milestones carry tickets).
  if (plan.milestones.some((milestone) => milestone.tickets.length > 0) && !plan.milestones.some((milestone) => milestone.weeks)) notes.push(timeline ? `The roadmap is not split into weeks: the timeline given is "${timeline}".` : 'The roadmap has no weeks: no timeline was given (requirements.timeline).');
  return notes;
}
