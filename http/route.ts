import type { PluginRouteScope } from '../plugins/contract.js';
import type { FromSchema } from '../schemas/fromSchema.js';
import type { JsonSchema } from '../schemas/types.js';
import type { AppContext } from './context.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * One HTTP route: where it lives, what it accepts and answers (JSON Schemas from schemas/), and its
 * handler. The scope of the service's own routes comes from http/scopes.ts, never from here, so one
 * table governs access; a plugin's route brings the scope its plugin declared (`scope`), and may
 * not take a path of that table.
 */
export interface RouteSpec<Body = unknown> {
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
  /** `body`: the request body, validated against `body` above (undefined when the route declares none). */
  handler(ctx: AppContext, body: Body): Promise<void> | void;
}

/**
 * Declares a route that takes a JSON body: the handler's `body` has the type its schema describes
 * (schemas/fromSchema.ts), so the schema is the one source of the request type and no handler casts.
 * Sound because http/app.ts validates the body against this very schema before the handler runs.
 */
export function withBody<const S extends JsonSchema>(spec: Omit<RouteSpec<FromSchema<S>>, 'body'> & { body: S }): RouteSpec {
  return spec;
}
