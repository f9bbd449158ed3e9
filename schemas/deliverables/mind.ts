import { component } from '../common.js';
import { actionItem, decision, deliverable, list, metric, nullableText, rankedItem, record, text, texts } from './parts.js';

/** The mind crew's deliverables. */

export const meetingSummarySchema = component('DeliverableMeetingSummary', deliverable(
  'meeting_summary',
  record({ title: text, date: nullableText, summary: texts, decisions: list(decision), action_items: list(actionItem), risks: texts, open_questions: texts }),
  'A meeting summary: what was said, decided, who does what, and the risks raised.',
));

export const statusReviewSchema = component('DeliverableStatusReview', deliverable(
  'status_review',
  record({ title: text, period: nullableText, metrics: list(metric), highlights: texts, risks: texts, action_items: list(actionItem) }),
  'A KPI or status review.',
));

export const analysisSchema = component('DeliverableAnalysis', deliverable(
  'analysis',
  record({
    title: text,
    subject: { type: 'string', enum: ['backlog', 'incident', 'general'] },
    findings: list(record({ finding: text, evidence: nullableText })),
    causes: texts,
    recommendations: list(record({ text, priority: { type: 'string', enum: ['high', 'medium', 'low'] } })),
    action_items: list(actionItem),
  }),
  'A backlog, incident or general analysis.',
));

export const processPlanSchema = component('DeliverableProcessPlan', deliverable(
  'process_plan',
  record({ title: text, goal: text, steps: list(record({ step: text, owner: nullableText, due: nullableText })), risks: texts, measures: texts }),
  'A process plan: goal, ordered steps with owners, risks and how success is measured.',
));

export const retroSchema = component('DeliverableRetro', deliverable(
  'retro',
  record({ title: text, went_well: texts, to_improve: texts, action_items: list(actionItem) }),
  'A retrospective.',
));

export const priorityRankingSchema = component('DeliverablePriorityRanking', deliverable(
  'priority_ranking',
  record({ title: text, criteria: texts, items: list(rankedItem) }),
  'A priority ranking.',
));
