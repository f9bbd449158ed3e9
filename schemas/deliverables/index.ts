import { component } from '../common.js';
import type { CrewId } from '../crewIds.js';
import type { JsonSchema } from '../types.js';
import { analysisSchema, meetingSummarySchema, priorityRankingSchema, processPlanSchema, retroSchema, statusReviewSchema } from './mind.js';
import { prdSchema, releaseNotesSchema, roadmapSchema, technicalSpecSchema, ticketSetSchema } from './pilot.js';
import { blogPostSchema, documentationPageSchema, emailSchema, howToSchema, landingCopySchema, newsletterSchema, socialPostsSchema } from './writer.js';

export * from './types.js';

/** One JSON Schema per deliverable kind, `{kind, data}` (DESIGN section 12). */
export const deliverableSchemas = {
  blog_post: blogPostSchema,
  social_posts: socialPostsSchema,
  newsletter: newsletterSchema,
  documentation_page: documentationPageSchema,
  how_to: howToSchema,
  email: emailSchema,
  landing_copy: landingCopySchema,
  meeting_summary: meetingSummarySchema,
  status_review: statusReviewSchema,
  analysis: analysisSchema,
  process_plan: processPlanSchema,
  retro: retroSchema,
  priority_ranking: priorityRankingSchema,
  prd: prdSchema,
  roadmap: roadmapSchema,
  ticket_set: ticketSetSchema,
  release_notes: releaseNotesSchema,
  technical_spec: technicalSpecSchema,
} as const satisfies Record<string, JsonSchema>;

export type DeliverableKind = keyof typeof deliverableSchemas;

export const deliverableKinds = Object.keys(deliverableSchemas) as DeliverableKind[];

/** The kinds each crew writes, its default first. */
export const crewDeliverables: Record<CrewId, DeliverableKind[]> = {
  writer: ['blog_post', 'social_posts', 'newsletter', 'documentation_page', 'how_to', 'email', 'landing_copy'],
  mind: ['meeting_summary', 'status_review', 'analysis', 'process_plan', 'retro', 'priority_ranking'],
  pilot: ['prd', 'roadmap', 'ticket_set', 'release_notes', 'technical_spec'],
};

/** `result.metadata.deliverable`: any one kind. */
export const deliverableSchema: JsonSchema = component('Deliverable', {
  oneOf: deliverableKinds.map((kind) => deliverableSchemas[kind]),
  description: 'The deliverable\'s data beside the Markdown: the kind and its data, so integrations create objects from data, not from Markdown.',
  example: {
    kind: 'meeting_summary',
    data: {
      title: 'Dispatch sync',
      date: null,
      summary: ['The returns backlog is 1,240 tickets.'],
      decisions: [{ text: 'Van 7 goes out on Monday.', source: 'Maria' }],
      action_items: [{ owner: 'Jan de Vries', task: 'Send van 7 to the Utrecht depot', due: 'Monday' }],
      risks: ['Two drivers are out next week.'],
      open_questions: [],
    },
  },
});

/** `result.metadata.draft_kind`. */
export const draftKindSchema: JsonSchema = {
  type: 'string',
  enum: ['grounded', 'outline'],
  description: '"outline" when the brief came without material: an honest outline of the deliverable with what to add; "grounded" otherwise.',
};
