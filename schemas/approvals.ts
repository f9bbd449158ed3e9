import { component, responseObject, strictObject, timestamp } from './common.js';
import type { FromSchema } from './fromSchema.js';
import type { JsonSchema } from './types.js';

/** The `approvals` object of deploy, run, each batch entry and a workspace policy (issue 27). */
export const approvalsObject = component(
  'Approvals',
  strictObject({
    before_integrations: { type: 'boolean', description: 'The integration flags wait for a decision before any side effect.' },
    before_completion: { type: 'boolean', description: 'The result waits for a decision before the outcome completes.' },
    expires_in_hours: { type: 'integer', minimum: 1, maximum: 720, description: 'How long a decision may take (default 72).' },
    on_expiry: { type: 'string', enum: ['reject', 'approve'], description: 'What an expired action decides (default reject).' },
  }),
);

/** The `approvals` object of a deploy, run or batch entry, and of a workspace policy, after schema validation. */
export type ApprovalsRequest = FromSchema<typeof approvalsObject>;

export const actionIdParam: JsonSchema = { type: 'string', pattern: '^act_[A-Za-z0-9]{1,80}$' };

export const previewIntegration: JsonSchema = component('ActionPreviewIntegration', responseObject({
  integration: { type: 'string' },
  flag: { type: 'string' },
  action: { type: 'string' },
  target: { type: 'object', description: 'Where it acts: network, channel, project, repository (the integration settings that name it).' },
}));

export const actionPreview: JsonSchema = component('ActionPreview', responseObject({
  content: { type: 'string', description: 'The Markdown that would be published or completed.' },
  integrations: { type: 'array', items: previewIntegration },
}));

/** `pending_action` on the outcome views. */
export const pendingAction: JsonSchema = component('PendingAction', responseObject({
  id: { type: 'string' },
  kind: { type: 'string', enum: ['approve_integrations', 'approve_result'] },
  summary: { type: 'string' },
  preview: actionPreview,
  requested_at: timestamp,
  expires_at: timestamp,
}));

export const decider: JsonSchema = component('ActionDecider', responseObject({
  type: { type: 'string', enum: ['api_key', 'link', 'expiry'] },
  id: { type: ['string', 'null'], description: 'The key id for api_key; null otherwise.' },
}));

export const decisionBody = component(
  'ActionDecision',
  strictObject(
    {
      decision: { type: 'string', enum: ['approve', 'reject'] },
      comment: { type: 'string', maxLength: 5_000 },
      content: { type: 'string', minLength: 1, maxLength: 200_000, description: 'Replaces the result Markdown before it is published (the edit is recorded).' },
    },
    ['decision'],
  ),
);

/** POST /v1/outcomes/{id}/actions/{action_id}, after schema validation. */
export type DecisionRequest = FromSchema<typeof decisionBody>;

/** One action as GET /v1/actions and a decision answer show it. */
export const actionView: JsonSchema = component('Action', responseObject(
  {
    id: { type: 'string' },
    outcome_id: { type: 'string' },
    kind: { type: 'string', enum: ['approve_integrations', 'approve_result'] },
    status: { type: 'string', enum: ['pending', 'approved', 'rejected', 'cancelled'], description: 'cancelled: the outcome was cancelled while it waited.' },
    summary: { type: 'string' },
    preview: actionPreview,
    requested_at: timestamp,
    expires_at: timestamp,
    on_expiry: { type: 'string', enum: ['reject', 'approve'] },
    decision: { type: ['string', 'null'], enum: ['approve', 'reject', null] },
    decided_by: { anyOf: [decider, { type: 'null' }] },
    decided_at: { type: ['string', 'null'], format: 'date-time' },
    comment: { type: ['string', 'null'] },
    content_edited: { type: 'boolean' },
  },
  ['id', 'outcome_id', 'kind', 'status', 'summary', 'preview', 'requested_at', 'expires_at'],
));

export const actionListQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['pending', 'approved', 'rejected', 'cancelled'] },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    cursor: { type: 'string', maxLength: 500 },
  },
};

export const actionList: JsonSchema = component('ActionList', responseObject({
  data: { type: 'array', items: actionView },
  pagination: responseObject({ next_cursor: { type: ['string', 'null'] }, has_more: { type: 'boolean' } }),
}));

export const workspacePatchBody = strictObject({ approvals: { anyOf: [approvalsObject, { type: 'null' }] } }, ['approvals']);

/** PATCH /v1/workspace, after schema validation. */
export type WorkspacePatchRequest = FromSchema<typeof workspacePatchBody>;

export const workspaceView: JsonSchema = component('Workspace', responseObject(
  {
    id: { type: 'string' },
    name: { type: 'string' },
    plan: { type: 'string' },
    approvals: { anyOf: [approvalsObject, { type: 'null' }], description: 'The default approval policy; a deploy may tighten it, never loosen it.' },
  },
));

/** MCP tool inputs (DESIGN section 10): `list_pending_actions` takes the list query, `resolve_action` the decision with the action's id. */
export const listPendingActionsInput: JsonSchema = strictObject({
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  cursor: { type: 'string', maxLength: 500, description: 'pagination.next_cursor of a previous page.' },
});

const decisionFields = decisionBody.properties as Record<string, JsonSchema>;
export const resolveActionInput: JsonSchema = strictObject(
  { action_id: { ...actionIdParam, description: 'The pending action, act_... (list_pending_actions lists them).' }, ...decisionFields },
  ['action_id', 'decision'],
);
