import type { AuthenticatedKey } from '../auth/keyService.js';
import type { EventBus } from '../events/eventBus.js';
import type { Outcomes } from '../outcomes/outcomes.js';
import type { DecisionRequest } from '../../schemas/approvals.js';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { JsonSchema } from '../../schemas/types.js';

/** One page of outcomes as GET /v1/outcomes answers it. */
// A type alias, not an interface: a tool answers it as structured content, a Record<string, unknown>.
export type OutcomePage = {
  data: Record<string, unknown>[];
  pagination: { next_cursor: string | null; has_more: boolean };
};

/**
 * What crewd's MCP server uses: the runtime's commands and reads, plus the REST layer's
 * validation and views handed in, so a tool accepts and answers exactly what its route does.
 * Nothing here knows HTTP.
 */
export interface CrewdMcpDeps {
  engine: Pick<Outcomes, 'deploy' | 'revise' | 'cancel'>;
  outcomes: { get(workspaceId: string, id: string): Promise<OutcomeRow | undefined> };
  eventBus: EventBus;
  /** The first problem of `value` against `schema`, in the words of a REST 400; undefined when valid. */
  problemOf(schema: JsonSchema, value: unknown): string | undefined;
  /** The outcome as GET /v1/outcomes/{id} shows it. */
  outcomeView(row: OutcomeRow): Record<string, unknown>;
  /** A page of GET /v1/outcomes for the workspace and the (validated) query. */
  listOutcomes(workspaceId: string, query: Record<string, unknown>): Promise<OutcomePage>;
  /** The answer of POST /v1/outcomes/{id}/revise. */
  revisionView(row: Awaited<ReturnType<Outcomes['revise']>>): Record<string, unknown>;
  /** The crews as GET /v1/crews lists them (without the workspace's integrations). */
  listCrews(): Promise<Record<string, unknown>[]>;
  version: string;
  /** Re-read an outcome being waited on this often even without an event (default 1000 ms). */
  pollMs?: number;
  /** Approvals (issue 27): a page of pending actions, and a decision by the caller's key, as the REST routes answer. */
  approvals?: {
    listPending(workspaceId: string, query: Record<string, unknown>): Promise<OutcomePage>;
    decide(principal: AuthenticatedKey, actionId: string, request: DecisionRequest): Promise<Record<string, unknown>>;
  };
}

/** Who is calling: the authenticated API key of the MCP request. */
export type McpPrincipal = AuthenticatedKey;
