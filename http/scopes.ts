import type { AuthenticatedKey } from '../runtime/auth/keyService.js';
import type { Scope } from '../runtime/auth/scopes.js';
import { errors } from '../runtime/errors.js';

/**
 * The one table of who may call what among the service's own routes (DESIGN section 5); a plugin's
 * routes carry the scope their plugin declares (http/routes/pluginRoutes.ts). Keys are `METHOD
 * path` as registered on the router. `public` routes need no key; `any` needs a valid key and no particular scope.
 * Registering a route missing from this table throws at start, and a test walks the router.
 */
export const routeScopes: Record<string, Scope | 'public' | 'any'> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /v1/openapi.json': 'public',
  'GET /.well-known/mcp/server-card.json': 'public',
  'GET /.well-known/agent-card.json': 'public',
  'GET /a2a/.well-known/agent-card.json': 'public',
  'GET /a2a/:crew_id/.well-known/agent-card.json': 'public',
  'GET /metrics': 'admin:read',

  'GET /v1/crews': 'crews:read',
  'POST /v1/crews/:crew_id/deploy': 'crews:write',
  'POST /v1/crews/:crew_id/run': 'crews:write',
  'POST /v1/crews/batch-deploy': 'crews:write',

  'GET /v1/outcomes': 'outcomes:read',
  'GET /v1/outcomes/:outcome_id': 'outcomes:read',
  'GET /v1/outcomes/:outcome_id/result': 'outcomes:read',
  'GET /v1/outcomes/:outcome_id/revisions': 'outcomes:read',
  'GET /v1/outcomes/:outcome_id/stream': 'outcomes:read',
  'GET /v1/outcomes/:outcome_id/events': 'outcomes:read',
  'GET /v1/outcomes/:outcome_id/tool-calls': 'outcomes:read',
  'GET /v1/workflows/:workflow_id': 'outcomes:read',
  'POST /v1/outcomes/:outcome_id/revise': 'outcomes:write',
  'POST /v1/outcomes/:outcome_id/cancel': 'outcomes:write',
  'POST /v1/outcomes/:outcome_id/retry': 'outcomes:write',
  'POST /v1/outcomes/:outcome_id/actions/:action_id': 'outcomes:write',
  'GET /v1/actions': 'outcomes:read',
  'GET /v1/workspace': 'any',
  'PATCH /v1/workspace': 'admin:write',
  'GET /v1/approval-links/:token': 'public',
  'POST /v1/approval-links/:token': 'public',

  'GET /v1/integrations': 'integrations:read',
  'POST /v1/integrations/:integration_id/configure': 'integrations:write',
  'POST /v1/integrations/:integration_id/oauth/start': 'integrations:write',
  'GET /v1/integrations/oauth/callback': 'public',
  'GET /api/mcp/oauth/callback': 'public',
  'GET /api/mcp/oauth/client-metadata.json': 'public',
  'GET /v1/webhooks': 'integrations:read',
  'POST /v1/webhooks': 'integrations:write',
  'GET /v1/webhooks/:webhook_id': 'integrations:read',
  'PATCH /v1/webhooks/:webhook_id': 'integrations:write',
  'DELETE /v1/webhooks/:webhook_id': 'integrations:write',
  'GET /v1/webhooks/:webhook_id/deliveries': 'integrations:read',
  'POST /v1/webhooks/:webhook_id/test': 'integrations:write',
  'POST /v1/webhooks/:webhook_id/deliveries/:delivery_id/redeliver': 'integrations:write',

  'GET /v1/api-keys': 'admin:read',
  'POST /v1/api-keys': 'admin:write',
  'PATCH /v1/api-keys/:key_id': 'admin:write',
  'DELETE /v1/api-keys/:key_id': 'admin:write',
  'GET /v1/auth/verify': 'any',
  'GET /v1/admin/actors': 'admin:read',
  'GET /admin': 'public',
  'GET /favicon.ico': 'public',
  'GET /v1/admin/overview': 'admin:read',
  'GET /v1/admin/events': 'admin:read',

  'GET /api/mcp/connections': 'integrations:read',
  'GET /api/mcp/connections/:connection_id/calls': 'integrations:read',
  'POST /api/mcp/connect': 'integrations:write',
  'DELETE /api/mcp/disconnect/:connection_id': 'integrations:write',
  'GET /api/mcp/analytics/:workspace_id': 'admin:read',
};

export function scopeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** The one scope check (routes and the stream): 403 naming the required and provided permissions. */
export function checkScope(key: AuthenticatedKey, scope: Scope | 'any'): void {
  if (scope !== 'any' && !key.permissions.includes(scope)) throw errors.forbidden(scope, key.permissions);
}
