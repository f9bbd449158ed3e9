import type { CrewDefinition } from './types.js';

export const mind: CrewDefinition = {
  id: 'mind',
  name: 'Mind Crew',
  description: 'Operations analysis and task coordination: analyses meetings and operations, extracts decisions and action items, and coordinates follow-up.',
  agents: ['AnalystAgent', 'CoordinatorAgent', 'SummarizerAgent', 'ActionAgent', 'IntegrationAgent'],
  capabilities: ['meeting_analysis', 'task_coordination', 'performance_analytics', 'process_optimization'],
  integrations: ['chat', 'work', 'tracker', 'analytics'],
  stages: [
    { name: 'analysis', agent: 'AnalystAgent', task: 'Read the brief, context and documents; find topics, decisions and risks.' },
    { name: 'coordination', agent: 'CoordinatorAgent', task: 'Group the findings by owner and priority.' },
    { name: 'summarization', agent: 'SummarizerAgent', task: 'Write an extractive summary of what was discussed and decided.' },
    { name: 'action_planning', agent: 'ActionAgent', task: 'List action items with owner, task and due date.' },
    { name: 'integration_sync', agent: 'IntegrationAgent', task: 'Send the summary and action items to the requested tools.' },
  ],
  revisionStage: 'summarization',
  secondsPerStage: 15,
};
