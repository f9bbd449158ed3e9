import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { JsonSchema } from '../../schemas/types.js';
import type { DecisionRequest } from '../../schemas/approvals.js';
import type { AuthenticatedKey } from '../auth/keyService.js';
import type { CrewState } from '../crewCatalog.js';
import type { EventBus } from '../events/eventBus.js';
import type { Outcomes } from '../outcomes/outcomes.js';
import type { PushConfigDeps } from './pushConfigs.js';

/**
 * What crewd's A2A agents use: the outcome commands (which forward to the owning process on a
 * Postgres deployment, as REST's do), storage reads, the event bus that wakes a follower, and the
 * REST layer's validation handed in, so a message is accepted exactly when the route would accept
 * its body. Nothing here knows HTTP.
 */
export interface A2aDeps {
  engine: Pick<Outcomes, 'deploy' | 'revise' | 'cancel'>;
  outcomes: { get(workspaceId: string, id: string): Promise<OutcomeRow | undefined> };
  eventBus: Pick<EventBus, 'subscribe' | 'subscribeRemote'>;
  /**
   * A page of the workspace's outcomes, newest first, as GET /v1/outcomes pages them (`cursor` is
   * a `next_cursor` it gave). Throws a 400 ServiceError for a cursor it did not give.
   */
  listOutcomes(workspaceId: string, page: { limit: number; crew?: string; status?: string; cursor?: string }): Promise<{ rows: OutcomeRow[]; nextCursor: string | null }>;
  /** The crews with their status (the catalog GET /v1/crews lists). */
  crews(): Promise<readonly CrewState[]>;
  /** The first problem of `value` against `schema`, in the words of a REST 400; undefined when valid. */
  problemOf(schema: JsonSchema, value: unknown): string | undefined;
  /**
   * Decides an outcome's pending action by the caller's key: the decision path of POST
   * /v1/outcomes/{id}/actions/{action_id} (runtime/approvals/decisions.ts). Absent: approvals are off.
   */
  decide?(key: AuthenticatedKey, outcomeId: string, actionId: string, request: DecisionRequest): Promise<unknown>;
  /** Push notification configs are webhooks scoped to the task's outcome (runtime/a2a/pushConfigs.ts). */
  webhooks: PushConfigDeps['webhooks'];
  ids: PushConfigDeps['ids'];
  version: string;
  /** Re-read a followed outcome this often even without an event (default 1000 ms). */
  pollMs?: number;
}
