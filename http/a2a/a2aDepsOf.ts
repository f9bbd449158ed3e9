import type { A2aDeps } from '../../runtime/a2a/a2aDeps.js';
import type { HttpDeps } from '../deps.js';
import { ServiceError } from '../../runtime/errors.js';
import { createValidators } from '../validation.js';
import { decodeCursor, encodeCursor } from '../views/outcome.js';

/** The runtime reads and commands crewd's A2A agents use, with the REST layer's validation. */
export function a2aDepsOf(deps: HttpDeps): A2aDeps {
  const validators = createValidators();
  const approvals = deps.approvals;
  return {
    engine: deps.engine,
    outcomes: deps.repos.outcomes,
    eventBus: deps.eventBus,
    async listOutcomes(workspaceId, page) {
      const after = page.cursor ? decodeCursor(page.cursor) : undefined;
      if (after === null) throw new ServiceError(400, 'invalid_request', 'The page token is not one this service gave out; pass nextPageToken of a previous page.', { field: 'pageToken', reason: 'invalid_cursor' });
      const rows = await deps.repos.outcomes.list(workspaceId, { limit: page.limit + 1, ...(page.crew ? { crew: page.crew } : {}), ...(page.status ? { status: page.status } : {}), ...(after ? { after } : {}) });
      const shown = rows.slice(0, page.limit);
      return { rows: shown, nextCursor: rows.length > page.limit ? encodeCursor(shown.at(-1)!) : null };
    },
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
    webhooks: deps.webhooks,
    ids: deps.ids,
    version: deps.version,
  };
}
