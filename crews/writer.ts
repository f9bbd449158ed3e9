import type { CrewDefinition } from './types.js';

export const writer: CrewDefinition = {
  id: 'writer',
  name: 'Writer Crew',
  description: 'Content creation and publishing automation: researches a brief, writes, edits, optimises for search and publishes.',
  agents: ['ResearchAgent', 'ContentAgent', 'EditorAgent', 'SEOAgent', 'PublisherAgent'],
  listAgents: ['ContentAgent', 'EditorAgent', 'PublisherAgent'],
  capabilities: ['blog_posts', 'social_media', 'documentation', 'marketing_content'],
  integrations: ['network', 'cms', 'drive', 'notes'],
  stages: [
    { name: 'research', agent: 'ResearchAgent', task: 'Gather the key points, facts and angles the brief and its context call for.' },
    { name: 'outline_creation', agent: 'ContentAgent', task: 'Turn the research into an outline with a title and sections.' },
    { name: 'content_creation', agent: 'ContentAgent', task: 'Write the piece from the outline in the requested tone, length and format.' },
    { name: 'editing', agent: 'EditorAgent', task: 'Edit for clarity, tone and correctness; keep the requested length.' },
    { name: 'seo_optimization', agent: 'SEOAgent', task: 'Work the target keywords into headings and body where they read naturally.' },
    { name: 'publishing', agent: 'PublisherAgent', task: 'Prepare the final piece and run the requested integrations.' },
  ],
  revisionStage: 'editing',
  secondsPerStage: 20,
};
