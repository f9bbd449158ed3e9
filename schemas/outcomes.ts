import { component, requirementsObject, responseObject, strictObject, timestamp } from './common.js';
import { deliverableSchema, draftKindSchema } from './deliverables/index.js';
import { crewIds } from './crewIds.js';
import type { FromSchema } from './fromSchema.js';
import type { JsonSchema } from './types.js';
import { approvalsObject, pendingAction } from './approvals.js';

/** The statuses an outcome is listed and filtered by. */
export const outcomeStatuses = ['processing', 'completed', 'failed', 'revision_requested'] as const;
const statuses = [...outcomeStatuses];
const stringArray: JsonSchema = { type: 'array', items: { type: 'string' } };
const freeObject = { type: 'object' } as const satisfies JsonSchema;

export const crewIdParam = { type: 'string', enum: crewIds } as const satisfies JsonSchema;
export const outcomeIdParam = { type: 'string', pattern: '^out_[A-Za-z0-9]{1,60}$' } as const satisfies JsonSchema;
export const workflowIdParam: JsonSchema = { type: 'string', pattern: '^wf_[A-Za-z0-9]{1,60}$' };

/** Deploy and run take the same body; only `brief` is required (DESIGN section 5). */
export const deployBody = strictObject(
  {
    brief: { type: 'string', maxLength: 20_000, description: 'At least 10 characters (else 400 invalid_brief).' },
    context: { type: 'string', maxLength: 200_000 },
    requirements: requirementsObject,
    template_id: { type: 'string', maxLength: 200 },
    integrations: freeObject,
    context_documents: { type: 'array', items: { type: 'string', maxLength: 200_000 }, maxItems: 50 },
    approvals: approvalsObject,
  },
  ['brief'],
);

/** POST /v1/crews/{crew}/deploy and /run, after schema validation. */
export type DeployRequest = FromSchema<typeof deployBody>;

const progress: JsonSchema = {
  type: 'object',
  required: ['current_stage', 'completion_percentage'],
  properties: {
    current_stage: { type: 'string' },
    completion_percentage: { type: 'integer', minimum: 0, maximum: 100 },
    stages_completed: stringArray,
    current_agent: { type: 'string' },
    next_stage: { type: 'string' },
  },
};

export const deployResponse: JsonSchema = component('Deployment', responseObject({
  outcome_id: { type: 'string' },
  status: { type: 'string', enum: ['processing'] },
  crew: { type: 'string', enum: crewIds },
  estimated_completion: timestamp,
  created_at: timestamp,
  agents_deployed: stringArray,
  progress,
}));

export const runResponse: JsonSchema = component('RunStarted', responseObject({
  outcome_id: { type: 'string' },
  status: { type: 'string', enum: ['processing'] },
  estimated_completion: timestamp,
  crew_deployed: { type: 'string', enum: crewIds },
}));

export const batchBody = strictObject(
  {
    workflow_name: { type: 'string', minLength: 1, maxLength: 200 },
    crews: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: strictObject(
        {
          crew_id: { type: 'string' },
          brief: { type: 'string', maxLength: 20_000 },
          priority: { type: 'integer', minimum: 0, maximum: 1000, description: 'Lower starts first.' },
          depends_on: { type: 'array', items: { type: 'string' }, maxItems: 20 },
          context: { type: 'string', maxLength: 200_000 },
          requirements: requirementsObject,
          approvals: approvalsObject,
        },
        ['crew_id', 'brief'],
      ),
    },
  },
  ['workflow_name', 'crews'],
);

/** POST /v1/crews/batch-deploy, after schema validation. */
export type BatchRequest = FromSchema<typeof batchBody>;

export const workflowView: JsonSchema = component('Workflow', responseObject(
  {
    workflow_id: { type: 'string' },
    workflow_name: { type: 'string' },
    status: { type: 'string', enum: ['running', 'completed', 'failed'] },
    created_at: timestamp,
    completed_at: { type: ['string', 'null'], format: 'date-time' },
    outcomes: {
      type: 'array',
      items: responseObject({
        crew_id: { type: 'string' },
        outcome_id: { type: 'string' },
        status: { type: 'string', enum: statuses },
        priority: { type: 'integer' },
        depends_on: stringArray,
      }),
    },
  },
  ['workflow_id', 'workflow_name', 'status', 'created_at', 'outcomes'],
));

const agentEntry: JsonSchema = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['pending', 'processing', 'completed', 'failed'] },
    started_at: timestamp,
    completion_time: timestamp,
    output_summary: { type: 'string' },
    progress: { type: 'string' },
  },
};

export const result: JsonSchema = component('Result', {
  type: 'object',
  required: ['content', 'metadata', 'assets'],
  properties: {
    content: { type: 'string' },
    metadata: {
      type: 'object',
      properties: {
        word_count: { type: 'integer' },
        reading_time: { type: 'string' },
        sentiment: { type: 'string' },
        seo_score: { type: 'integer' },
        readability_score: { type: 'integer' },
        notes: { type: 'array', items: { type: 'string' }, description: 'What the material lacked (no context, no reason for a user story, nothing to rank ...), said beside the content; present only when there is something to say.' },
        deliverable: deliverableSchema,
        draft_kind: draftKindSchema,
      },
    },
    assets: { type: 'array', items: responseObject({ type: { type: 'string' }, url: { type: 'string' }, description: { type: 'string' } }) },
  },
});

export const qualityMetrics: JsonSchema = component('QualityMetrics', {
  type: 'object',
  required: ['overall_score', 'criteria'],
  properties: {
    overall_score: { type: 'integer' },
    criteria: responseObject({ relevance: { type: 'integer' }, clarity: { type: 'integer' }, completeness: { type: 'integer' }, engagement: { type: 'integer' } }),
  },
});

/** An outcome's failure; `details` always names where it failed (more fields may follow, e.g. `dependency`, `reason`). */
const outcomeError: JsonSchema = responseObject({
  code: { type: 'string' },
  message: { type: 'string' },
  details: {
    type: 'object',
    required: ['stage', 'agent', 'retry_count', 'last_error'],
    additionalProperties: true,
    properties: {
      stage: { type: 'string', description: 'The stage it failed at, or waiting_for_dependencies, finalizing, revision.' },
      agent: { type: 'string' },
      retry_count: { type: 'integer', minimum: 0, description: 'Model retries spent at that stage (0 when the failure is not a model step).' },
      last_error: { type: 'string' },
    },
  },
});
const revisedAt: JsonSchema = { ...timestamp, description: 'When the latest revision completed (completed_at keeps the first completion). Present once a revision completed.' };
const latestRevisionId: JsonSchema = { type: 'string', description: 'The latest completed revision. Present once a revision completed.' };

/** The status view while processing; the completed view (id, status, crew, created_at, completed_at, result, revisions_available) after. */
export const outcomeView: JsonSchema = component('Outcome', {
  type: 'object',
  required: ['id', 'status', 'crew', 'created_at', 'revisions_available'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: statuses },
    crew: { type: 'string', enum: crewIds },
    created_at: timestamp,
    completed_at: { ...timestamp, description: 'The first completion; a revision does not move it (see revised_at).' },
    revised_at: revisedAt,
    revision_id: latestRevisionId,
    estimated_completion: timestamp,
    failed_at: timestamp,
    progress,
    agents: { type: 'object', additionalProperties: agentEntry },
    result,
    error: outcomeError,
    retry_available: { type: 'boolean' },
    estimated_retry_time: timestamp,
    revisions_available: { type: 'integer', minimum: 0 },
    pending_action: pendingAction,
    brief: { type: 'string', description: 'The brief the outcome was deployed on; in list items (GET /v1/outcomes) only.' },
  },
});

export const resultView: JsonSchema = component('OutcomeResult', responseObject(
  {
    id: { type: 'string' },
    status: { type: 'string', enum: statuses },
    crew: { type: 'string', enum: crewIds },
    completed_at: timestamp,
    revised_at: revisedAt,
    revision_id: latestRevisionId,
    result,
    integrations_executed: { type: 'object' },
    quality_metrics: qualityMetrics,
  },
  ['id', 'status', 'crew', 'completed_at', 'result', 'integrations_executed', 'quality_metrics'],
));

export const listQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    status: { type: 'string', enum: statuses },
    crew: { type: 'string', enum: crewIds },
    created_after: { type: 'string', format: 'date-time' },
    created_before: { type: 'string', format: 'date-time' },
    cursor: { type: 'string', minLength: 1, maxLength: 500 },
  },
};

export const outcomeList: JsonSchema = component('OutcomeList', responseObject({
  data: { type: 'array', items: outcomeView },
  pagination: responseObject({ next_cursor: { type: ['string', 'null'] }, has_more: { type: 'boolean' } }),
}));

/** The priorities a revision may ask for. */
export const revisionPriorities = ['low', 'normal', 'high'] as const;

export const reviseBody = strictObject(
  {
    feedback: { type: 'string', minLength: 1, maxLength: 20_000 },
    requirements: requirementsObject,
    priority: { type: 'string', enum: [...revisionPriorities] },
  },
  ['feedback'],
);

/** POST /v1/outcomes/{id}/revise, after schema validation. */
export type ReviseRequest = FromSchema<typeof reviseBody>;

export const revision: JsonSchema = component('RevisionStarted', responseObject({
  revision_id: { type: 'string' },
  status: { type: 'string', enum: ['processing', 'completed', 'failed'] },
  estimated_completion: timestamp,
  changes_requested: stringArray,
}));

export const revisionRecord: JsonSchema = component('Revision', responseObject(
  {
    revision_id: { type: 'string' },
    outcome_id: { type: 'string' },
    status: { type: 'string', enum: ['processing', 'completed', 'failed'] },
    feedback: { type: 'string' },
    requirements: freeObject,
    priority: { type: ['string', 'null'] },
    changes_requested: stringArray,
    estimated_completion: timestamp,
    created_at: timestamp,
    completed_at: { type: ['string', 'null'], format: 'date-time' },
    applied: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'The parts of the feedback the revision applied. null until it completes, and when the model does not report them (openai provider).',
    },
    not_applied: {
      type: ['array', 'null'],
      items: responseObject({ part: { type: 'string' }, reason: { type: 'string' } }, ['part', 'reason']),
      description:
        'The parts of the feedback the revision did not apply, each with the reason; [] when it applied everything (or the model reports nothing unapplied). null until it completes. A revision that changed nothing lists what it could not do here.',
    },
    error: {
      type: ['object', 'null'],
      description: 'Why the revision failed (status failed), else null: the error code, a message, the crew stage it failed at, and details (agent, retry_count, last_error). The outcome keeps its content and gets the revision back.',
      properties: { code: { type: 'string' }, message: { type: 'string' }, stage: { type: 'string' }, details: freeObject },
      required: ['code', 'message', 'stage', 'details'],
    },
  },
  ['revision_id', 'outcome_id', 'status', 'feedback', 'changes_requested', 'estimated_completion', 'created_at', 'completed_at', 'applied', 'not_applied'],
));

export const revisionList: JsonSchema = component('RevisionList', responseObject({ revisions: { type: 'array', items: revisionRecord } }));

export const actorList: JsonSchema = component('ActorList', responseObject({
  actors: {
    type: 'array',
    items: responseObject({
      id: { type: 'string' },
      machine: { type: 'string' },
      state: { type: 'string' },
      status: { type: 'string' },
      age_seconds: { type: 'integer', minimum: 0 },
      created_at: timestamp,
    }),
  },
  count: { type: 'integer' },
}));
