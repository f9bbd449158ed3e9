import { responseObject, strictObject, timestamp } from './common.js';
import type { JsonSchema } from './types.js';

/** Query of the tool-call lists: a page size and the opaque cursor of the previous page. */
export const toolCallPageQuery: JsonSchema = strictObject({
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  cursor: { type: 'string', minLength: 1, maxLength: 500 },
});

/** `GET /api/mcp/connections/{id}/calls`: the workspace named as on the other tool-connection routes. */
export const connectionCallsQuery: JsonSchema = strictObject(
  {
    workspace_id: { type: 'string', minLength: 1, maxLength: 64 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
    cursor: { type: 'string', minLength: 1, maxLength: 500 },
  },
  ['workspace_id'],
);

/** One logged tool call as users see it; `output` is cut at `output_max_chars` characters. */
export const toolCall: JsonSchema = responseObject({
  id: { type: 'string' },
  outcome_id: { type: ['string', 'null'] },
  connection_id: { type: 'string' },
  server_type: { type: 'string' },
  tool: { type: 'string', description: "The server's own tool name." },
  model_tool_name: { type: 'string', description: 'The name the model called it by.' },
  agent: { type: ['string', 'null'] },
  step: { type: ['integer', 'null'], description: "The agent's model step (0-based) that asked for the call." },
  input: { description: 'The arguments, as JSON (the text when it was cut when logged).' },
  output: { type: 'string' },
  output_truncated: { type: 'boolean' },
  duration_ms: { type: 'integer', minimum: 0 },
  success: { type: 'boolean' },
  error: { type: ['string', 'null'] },
  created_at: timestamp,
});

const pagination: JsonSchema = responseObject({ next_cursor: { type: ['string', 'null'] }, has_more: { type: 'boolean' } });

/** `GET /v1/outcomes/{id}/tool-calls`: in call order, oldest first. */
export const outcomeToolCalls: JsonSchema = responseObject({
  outcome_id: { type: 'string' },
  data: { type: 'array', items: toolCall },
  total_calls: { type: 'integer', minimum: 0 },
  failed_calls: { type: 'integer', minimum: 0 },
  pagination,
});

/** `GET /api/mcp/connections/{id}/calls`: newest first. */
export const connectionCalls: JsonSchema = responseObject({
  connection_id: { type: 'string' },
  data: { type: 'array', items: toolCall },
  pagination,
});
