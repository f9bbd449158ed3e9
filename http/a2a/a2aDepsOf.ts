import type { A2aDeps } from '../../runtime/a2a/a2aDeps.js';
import type { HttpDeps } from '../deps.js';
import { createValidators } from '../validation.js';

/** The runtime reads and commands crewd's A2A agents use, with the REST layer's validation. */
export function a2aDepsOf(deps: HttpDeps): A2aDeps {
  const validators = createValidators();
  const approvals = deps.approvals;
  return {
    engine: deps.engine,
    outcomes: deps.repos.outcomes,
    eventBus: deps.eventBus,
    crews: () => deps.crews.list(),
    problemOf(schema, value) {
      try {
        validators.body(schema)(value);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    },
    // The decider is the caller's key, as on POST /v1/outcomes/{id}/actions/{action_id}.
    ...(approvals ? { decide: (key, outcomeId, actionId, request) => approvals.decisions.decide(key.workspace, outcomeId, actionId, request, { type: 'api_key', id: key.keyId }) } : {}),
    version: deps.version,
  };
}
