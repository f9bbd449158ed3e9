import type { StageInput, StageOutput } from '../../types.js';
import { requestKey } from '../memo.js';
import type { Workbench } from '../workbench.js';
import { groundedPlan, renderPlan } from './groundedPlan.js';

/**
 * The pilot crew writes a PRD that grows stage by stage, every part read from the client's
 * material (see groundedPlan): problem, goals, requirements and user stories; technical specs
 * (integrations, interfaces, risks); roadmap milestones; tickets with acceptance criteria; and
 * the release plan.
 */
export function pilotStep(input: StageInput, bench: Workbench): StageOutput {
  const { memo } = bench;
  const plan = memo.get(requestKey('plan', input), () => groundedPlan(input, bench.nlp));
  const index = input.crew.stages.findIndex((stage) => stage.name === input.stage.name);
  const upTo = index < 0 ? input.crew.stages.length : index;
  const content = renderPlan(plan, upTo, input.requirements);
  const data: Record<string, unknown> = { product: plan.product, user_stories: plan.stories.map((story) => story.text) };
  const spec = () => structuredClone({ integrations: plan.integrations, interfaces: plan.interfaces, risks: plan.risks });
  switch (input.stage.name) {
    case 'product_definition':
      return { summary: `Defined the problem, ${plan.requirements.length} requirements and ${plan.stories.length} user stories for ${plan.product}`, content, data };
    case 'technical_design':
      return { summary: `${plan.fullSpec ? 'Specified' : 'Noted'} ${plan.integrations.length} integrations, ${plan.interfaces.length} interfaces and ${plan.risks.length} risks`, content, data: { ...data, technical_spec: spec() } };
    case 'roadmap_planning':
      return { summary: `Ordered the work into ${plan.milestones.length} milestones`, content, data: { ...data, milestones: structuredClone(plan.milestones) } };
    case 'ticket_creation':
      return { summary: `Broke the work into ${plan.tickets.length} tickets (${plan.tickets.reduce((sum, ticket) => sum + ticket.estimate, 0)} points)`, content, data: { ...data, tickets: structuredClone(plan.tickets) } };
    default:
      return {
        summary: `Planned the release of ${plan.stories.length} stories in ${plan.milestones.length} milestones`,
        content,
        // Copies: the plan is shared with the outcome's other stages.
        data: { ...data, technical_spec: spec(), ...structuredClone({ milestones: plan.milestones, tickets: plan.tickets }) },
      };
  }
}
