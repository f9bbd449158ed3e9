import type { PluginRouteScope } from '../plugins/contract.js';
import type { JsonSchema } from '../schemas/types.js';
import type { AppContext } from './context.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * One HTTP route: where it lives, what it accepts and answers (JSON Schemas from schemas/), and its
 * handler. The scope of the service's own routes comes from http/scopes.ts, never from here, so one
 * table governs access; a plugin's route brings the scope its plugin declared (`scope`), and may
 * not take a path of that table.
 */
export interface RouteSpec {
  method: HttpMethod;
  /** Router-style path, e.g. `/v1/api-keys/:key_id`. */
  path: string;
  summary: string;
  tag: string;
  /** The OpenAPI operationId; when absent schemas/openapi.ts names it (its table, else from the path). */
  operationId?: string;
  params?: Record<string, JsonSchema>;
  query?: JsonSchema;
  body?: JsonSchema;
  /** Status code to response body schema; null for a body-less answer (e.g. a WebSocket upgrade). */
  responses: Record<number, JsonSchema | null>;
  /** Only on a plugin's route (contract: `PluginRoute.scope`). */
  scope?: PluginRouteScope;
  handler(ctx: AppContext): Promise<void> | void;
}
