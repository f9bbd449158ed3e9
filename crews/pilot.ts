import type { CrewDefinition } from './types.js';

export const pilot: CrewDefinition = {
  id: 'pilot',
  name: 'Pilot Crew',
  description: 'Product management and development workflows: writes PRDs with user stories, technical specs, roadmaps, tickets and release plans.',
  agents: ['ProductAgent', 'TechnicalAgent', 'PlanningAgent', 'TicketAgent', 'ReleaseAgent'],
  capabilities: ['prd_generation', 'roadmap_planning', 'ticket_creation', 'release_management'],
  integrations: ['tracker', 'code', 'planner', 'wiki'],
  stages: [
    { name: 'product_definition', agent: 'ProductAgent', task: 'Define the problem, goals and user stories of the brief.' },
    { name: 'technical_design', agent: 'TechnicalAgent', task: 'Write technical specs: components, interfaces, risks.' },
    { name: 'roadmap_planning', agent: 'PlanningAgent', task: 'Order the work into milestones.' },
    { name: 'ticket_creation', agent: 'TicketAgent', task: 'Break the milestones into tickets with acceptance criteria.' },
    { name: 'release_planning', agent: 'ReleaseAgent', task: 'Plan the release: checklist, rollout and notes.' },
  ],
  revisionStage: 'product_definition',
  secondsPerStage: 20,
};
