import type { JsonSchema } from '../../schemas/types.js';
import type { HttpDeps } from '../deps.js';
import type { RouteSpec } from '../route.js';
import { apiKeyRoutes } from './apiKeys.js';
import { authRoutes } from './auth.js';
import { crewRoutes } from './crews.js';
import { systemRoutes } from './system.js';

/** Every route of the service, one router module per resource. */
export function allRoutes(deps: HttpDeps, document: () => JsonSchema): RouteSpec[] {
  return [...systemRoutes(deps, document), ...crewRoutes(deps), ...authRoutes(deps), ...apiKeyRoutes(deps)];
}
