import type { PluginContext } from './context.js';
import type { JsonSchema } from './manifest.js';

export type PluginRouteMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * The permission a plugin route requires of the caller's API key. A plugin's endpoints are
 * integration endpoints, so they take the integrations scopes of the spec's Authentication section.
 */
export type PluginRouteScope = 'integrations:read' | 'integrations:write';

/** What a plugin route's handler receives: input already validated against the route's schemas. */
export interface PluginRequest {
  /** The caller's workspace (from the API key). */
  workspaceId: string;
  /** The plugin's context in that workspace: settings, secrets, knowledge base, runs. */
  context: PluginContext;
  /** The JSON body, valid against `body` (undefined when the route declares none). */
  body: unknown;
  /** Query parameters, valid against `query` (numbers and booleans already coerced). */
  query: Readonly<Record<string, unknown>>;
  params: Readonly<Record<string, string>>;
}

/**
 * One HTTP endpoint of a plugin, declared once with its scope in the form http/ declares its own
 * (http/route.ts): http/ mounts it with the same key check, validation at the boundary, error
 * shape, rate limit and idempotency as every route, and lists it in the OpenAPI document. The
 * answer `handle` resolves with is sent as the 200 JSON body; a failure the caller may read is
 * thrown as an error of `PluginHost.errors`.
 */
export interface PluginRoute {
  method: PluginRouteMethod;
  /** Router-style path, e.g. `/api/chat/integrations/chat/status`. Unique across the service. */
  path: string;
  summary: string;
  tag: string;
  scope: PluginRouteScope;
  /** The OpenAPI operationId; when absent it is derived from the method and path. */
  operationId?: string;
  params?: Record<string, JsonSchema>;
  query?: JsonSchema;
  body?: JsonSchema;
  /** Status code to response body schema. */
  responses: Record<number, JsonSchema | null>;
  handle(request: PluginRequest): Promise<unknown>;
}
