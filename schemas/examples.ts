/**
 * Hand-written examples for the OpenAPI document, keyed by operationId (request body and answers
 * by status). Bodies with no entry here get an example built from their schema
 * (exampleFromSchema.ts), so every request and response body has one. The lint test
 * (test/clients/openapiLint.test.ts) checks every example against its schema.
 */
export interface OperationExamples {
  request?: unknown;
  responses?: Record<number, unknown>;
}

const brief = 'Write a 1,200-word guide to composting in small city apartments for beginners.';
const requirements = { tone: 'friendly', audience: 'renters', word_count: 1200 };

export const operationExamples: Record<string, OperationExamples> = {
  deployCrew: {
    request: { brief, requirements },
    responses: {
      201: {
        outcome_id: 'out_7Hq2ZpK4mW',
        status: 'processing',
        crew: 'writer',
        estimated_completion: '2026-05-04T09:32:10.000Z',
        created_at: '2026-05-04T09:30:00.000Z',
        agents_deployed: ['researcher', 'writer', 'editor'],
        progress: { current_stage: 'research', completion_percentage: 0, next_stage: 'draft' },
      },
    },
  },
  runCrew: {
    request: { brief },
    responses: { 201: { outcome_id: 'out_7Hq2ZpK4mW', status: 'processing', estimated_completion: '2026-05-04T09:32:10.000Z', crew_deployed: 'writer' } },
  },
  batchDeployCrews: {
    request: {
      workflow_name: 'Launch week',
      crews: [
        { crew_id: 'mind', brief: 'Research what small-apartment composters struggle with most.' },
        { crew_id: 'writer', brief, depends_on: ['mind'], requirements },
      ],
    },
  },
  reviseOutcome: { request: { feedback: 'Shorter, please, and end with a one-page checklist.', requirements: { word_count: 800 }, priority: 'normal' } },
  createWebhook: {
    request: { url: 'https://example.org/hooks/crewd', events: ['outcome.completed', 'outcome.failed'], secret: 'whsec_4f9d1c7a2b8e6f30', description: 'Publishing pipeline' },
  },
  updateWebhook: { request: { events: ['outcome.completed'], active: true } },
  testWebhook: { request: { event: 'outcome.completed' } },
  createApiKey: { request: { name: 'CI deploys', permissions: ['crews:read', 'crews:write', 'outcomes:read'], expires_at: '2027-01-01T00:00:00.000Z' } },
  updateApiKey: { request: { name: 'CI deploys (rotated)' } },
  getHealth: { responses: { 200: { status: 'ok' } } },
  getReadiness: { responses: { 200: { status: 'ready', database: 'ok', roles: { api: true, worker: true } }, 503: { status: 'unavailable', database: 'unreachable', roles: { api: true, worker: true } } } },
  getMetrics: {
    responses: {
      200: '# HELP crewd_outcomes_total Outcomes reaching a status, by crew\n# TYPE crewd_outcomes_total counter\ncrewd_outcomes_total{crew="writer",status="completed"} 12\n',
    },
  },
};

/** One example error body per status, in the spec's shape. */
export const errorExamples: Record<number, unknown> = {
  400: { error: { code: 'invalid_brief', message: 'The brief must be at least 10 characters.', details: { field: 'brief', min_length: 10, provided_length: 4 } } },
  401: { error: { code: 'unauthorized', message: 'The API key is not valid.', details: { reason: 'invalid_api_key' } } },
  402: { error: { code: 'insufficient_credits', message: 'This workspace has no outcomes left on its plan.', details: { outcomes_remaining: 0, outcomes_required: 1, upgrade_url: 'https://example.org/billing' } } },
  403: { error: { code: 'forbidden', message: 'This key lacks the crews:write permission.', details: { required_permission: 'crews:write', provided_permissions: ['crews:read'] } } },
  404: { error: { code: 'not_found', message: 'Outcome out_7Hq2ZpK4mW was not found.', details: { outcome_id: 'out_7Hq2ZpK4mW' } } },
  409: { error: { code: 'crew_unavailable', message: 'The pilot crew is in maintenance.', details: { crew: 'pilot', estimated_availability: '2026-05-04T12:00:00.000Z', alternative_crews: ['writer'] } } },
  413: { error: { code: 'payload_too_large', message: 'The body is larger than 1 MB.', details: { limit_bytes: 1048576 } } },
  415: { error: { code: 'unsupported_media_type', message: 'Send the body as application/json.', details: { content_type: 'text/plain' } } },
  426: { error: { code: 'upgrade_required', message: 'This endpoint is a WebSocket: connect with Upgrade: websocket.', details: {} } },
  429: { error: { code: 'rate_limited', message: 'Too many requests; retry after 12 seconds.', details: { limit: 60, retry_after_seconds: 12 } } },
  500: { error: { code: 'internal_error', message: 'Something went wrong on our side; the request id is in X-Request-Id.', details: {} } },
  503: { error: { code: 'unavailable', message: 'The service is not ready.', details: {} } },
};
