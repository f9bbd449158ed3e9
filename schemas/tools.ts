import { component, nullableTimestamp, responseObject, strictObject, timestamp } from './common.js';
import type { FromSchema } from './fromSchema.js';
import type { JsonSchema } from './types.js';

/** Schemas of the Tool connections endpoints (`/api/mcp/*`; spec: Tool connections). */

export const workspaceQuery: JsonSchema = strictObject({ workspace_id: { type: 'string', minLength: 1, maxLength: 64 } }, ['workspace_id']);
export const workspaceIdParam: JsonSchema = { type: 'string', minLength: 1, maxLength: 64 };
export const connectionIdParam: JsonSchema = { type: 'string', minLength: 1, maxLength: 64 };

const toolSummary: JsonSchema = responseObject({ name: { type: 'string' }, description: { type: 'string' } });

export const statusDetail: JsonSchema = responseObject({
  state: { type: 'string', enum: ['connecting', 'active', 'reconnecting', 'error', 'disconnected'] },
  reason: { type: ['string', 'null'] },
  next_retry_at: nullableTimestamp,
  last_error: { type: ['string', 'null'] },
});

export const toolConnectionView: JsonSchema = component('ToolConnection', responseObject(
  {
    id: { type: 'string' },
    workspace_id: { type: 'string' },
    server_type: { type: 'string' },
    server_name: { type: 'string' },
    connection_status: { type: 'string', enum: ['active', 'disconnected', 'error'] },
    status_detail: statusDetail,
    available_tools: { type: 'array', items: toolSummary },
    total_tool_calls: { type: 'integer', minimum: 0 },
    last_connected_at: nullableTimestamp,
    created_at: timestamp,
    authorization_url: { type: 'string', description: 'An auth "oauth" connection waiting for its user (first connect, scope step-up, refused refresh): the URL to open.' },
  },
  ['id', 'workspace_id', 'server_type', 'server_name', 'connection_status', 'status_detail', 'available_tools', 'total_tool_calls', 'last_connected_at'],
));

export const connectionList: JsonSchema = component('ToolConnectionList', responseObject({ connections: { type: 'array', items: toolConnectionView }, total_count: { type: 'integer', minimum: 0 } }));

export const connectBody = strictObject(
  {
    server_type: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,31}$' },
    server_name: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$' },
    credentials: { type: 'object', additionalProperties: { type: 'string', maxLength: 4096 }, maxProperties: 20 },
    params: {
      type: 'object',
      properties: {
        url: { type: 'string', maxLength: 2048 },
        command: { type: 'string', maxLength: 256 },
        args: { type: 'array', items: { type: 'string', maxLength: 1024 }, maxItems: 50 },
        call_timeout_ms: { type: 'integer', minimum: 100, maximum: 86_400_000 },
      },
    },
    auth: { type: 'string', enum: ['oauth'] },
    oauth: strictObject({ client_id: { type: 'string', minLength: 1, maxLength: 2048 }, client_secret: { type: 'string', minLength: 1, maxLength: 4096 } }, ['client_id']),
  },
  ['server_type', 'server_name'],
);

/** The body of POST /api/mcp/connect, after schema validation. */
export type ConnectRequest = FromSchema<typeof connectBody>;

export const connected: JsonSchema = component('ToolConnected', responseObject({
  status: { const: 'connected' },
  connection_id: { type: 'string' },
  tools_available: { type: 'integer', minimum: 0 },
  tools: { type: 'array', items: toolSummary },
}));

/** The answer of an `{auth: "oauth"}` connect: the user opens `authorization_url`; the callback finishes the connect. */
export const authorizationRequired: JsonSchema = component('ToolAuthorizationRequired', responseObject({
  status: { const: 'auth_required' },
  connection_id: { type: 'string' },
  authorization_url: { type: 'string' },
  expires_at: { type: 'string', format: 'date-time' },
}));

/** The callback's answer to a client asking for JSON (a browser gets a page). */
export const oauthCallbackQuery: JsonSchema = {
  type: 'object',
  properties: { code: { type: 'string', maxLength: 4096 }, state: { type: 'string', maxLength: 200 }, iss: { type: 'string', maxLength: 2048 }, error: { type: 'string', maxLength: 200 }, error_description: { type: 'string', maxLength: 2000 } },
};

export const disconnected: JsonSchema = responseObject({ status: { const: 'disconnected' }, connection_id: { type: 'string' } });

export const analyticsEntry: JsonSchema = component('ToolAnalyticsEntry', responseObject({
  server_type: { type: 'string' },
  total_tool_calls: { type: 'integer', minimum: 0 },
  unique_tools_used: { type: 'integer', minimum: 0 },
  avg_execution_time_ms: { type: 'integer', minimum: 0 },
  success_rate_percent: { type: 'number', minimum: 0, maximum: 100 },
  usage_count_last_30d: { type: 'integer', minimum: 0 },
}));

export const analytics: JsonSchema = component('ToolAnalytics', responseObject({ analytics: { type: 'array', items: analyticsEntry }, total_connections: { type: 'integer', minimum: 0 } }));
