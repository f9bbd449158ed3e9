import type { Db } from '../db.js';
import { parseJson } from '../sql/parseJson.js';

/**
 * One journaled call (the one call journal): an agent's tool call (`agent`, the spec's Tool
 * connection call log) or an integration flag's plugin call (`integration`, kept out of the call
 * log, its counts and analytics).
 */
export type ToolCallKind = 'agent' | 'integration';

/** One logged tool call (spec: Tool connection; each call is logged with these fields). */
export interface ToolCallRow {
  id: string;
  /** `agent` unless given. */
  kind?: ToolCallKind;
  workspace_id: string;
  connection_id: string;
  server_type: string;
  tool_name: string;
  model_tool_name: string;
  input: string;
  output: string;
  execution_time_ms: number;
  success: boolean;
  agent_name: string | null;
  outcome_id: string | null;
  created_at: string;
  /**
   * The journal key of an agent's call inside an outcome step (outcome, step, attempt, turn,
   * call index); unique. Null for calls made outside a durable step.
   */
  call_key?: string | null;
  /** The model step (turn) of the agent that asked for the call; null outside an agent loop. */
  step?: number | null;
  /** Why the call failed; null when it succeeded. */
  error?: string | null;
  /** The tool's structured result (an integration's entry fields), with `error_code` on a failure. */
  structured?: Record<string, unknown> | null;
}

/** Where a page of the call log starts: after this (created_at, id) in the page's order. */
export interface ToolCallCursor {
  created_at: string;
  id: string;
}

export interface ToolUsage {
  server_type: string;
  total_tool_calls: number;
  unique_tools_used: number;
  avg_execution_time_ms: number;
  success_rate_percent: number;
  usage_count_last_30d: number;
}

function fromDb(row: Record<string, unknown>): ToolCallRow {
  return {
    id: String(row.id),
    kind: row.kind === 'integration' ? 'integration' : 'agent',
    workspace_id: String(row.workspace_id),
    connection_id: String(row.connection_id),
    server_type: String(row.server_type),
    tool_name: String(row.tool_name),
    model_tool_name: String(row.model_tool_name),
    input: String(row.input),
    output: String(row.output),
    execution_time_ms: Number(row.execution_time_ms),
    success: Boolean(row.success),
    agent_name: (row.agent_name as string | null) ?? null,
    outcome_id: (row.outcome_id as string | null) ?? null,
    created_at: String(row.created_at),
    call_key: (row.call_key as string | null) ?? null,
    step: row.step === null || row.step === undefined ? null : Number(row.step),
    error: (row.error as string | null) ?? null,
    structured: parseJson<Record<string, unknown> | null>(row.structured, null),
  };
}

function toDb(row: ToolCallRow): Record<string, unknown> {
  return { ...row, kind: row.kind ?? 'agent', structured: row.structured ? JSON.stringify(row.structured) : null };
}

/** The call log the spec exposes: agents' calls only. */
const agentCalls = { kind: 'agent' };

/**
 * The call journal and tool-call log: append-only; a `call_key` is unique (the journal's key).
 * Counts, lists and analytics read the agents' calls (the spec's call log) only.
 */
export function toolCallsRepository(db: Db): ToolCallsRepository {
  return {
    /**
     * Appends a call. A call with a `call_key` already stored is not written again (the first
     * result stays the journal's answer); returns false then.
     */
    async insert(row: ToolCallRow): Promise<boolean> {
      if (!row.call_key) {
        await db('tool_calls').insert(toDb(row));
        return true;
      }
      const written = await db('tool_calls').insert(toDb(row)).onConflict('call_key').ignore().returning('id');
      return (written as unknown[]).length > 0;
    },
    /** The stored call with this journal key, if any. */
    async findByKey(callKey: string): Promise<ToolCallRow | undefined> {
      const row = await db('tool_calls').where({ call_key: callKey }).first();
      return row ? fromDb(row) : undefined;
    },
    async list(workspaceId: string, filter: { connectionId?: string; outcomeId?: string; limit?: number } = {}): Promise<ToolCallRow[]> {
      const query = db('tool_calls').where({ workspace_id: workspaceId, ...agentCalls });
      if (filter.connectionId) query.where({ connection_id: filter.connectionId });
      if (filter.outcomeId) query.where({ outcome_id: filter.outcomeId });
      const rows = await query.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(filter.limit ?? 1000);
      return rows.map(fromDb);
    },
    /**
     * One page of a workspace's calls of an outcome or a connection, ordered by (created_at, id):
     * oldest first, or newest first with `newestFirst`. `after` is the last row of the previous
     * page; `limit + 1` rows are read so the caller knows whether another page follows.
     */
    async page(
      workspaceId: string,
      filter: { outcomeId?: string; connectionId?: string },
      options: { limit: number; newestFirst: boolean; after?: ToolCallCursor },
    ): Promise<{ rows: ToolCallRow[]; more: boolean }> {
      const query = db('tool_calls').where({ workspace_id: workspaceId, ...agentCalls });
      if (filter.outcomeId) query.where({ outcome_id: filter.outcomeId });
      if (filter.connectionId) query.where({ connection_id: filter.connectionId });
      if (options.after) {
        const op = options.newestFirst ? '<' : '>';
        const { created_at, id } = options.after;
        query.where((q) => q.where('created_at', op, created_at).orWhere((same) => same.where('created_at', created_at).andWhere('id', op, id)));
      }
      const direction = options.newestFirst ? 'desc' : 'asc';
      const rows = await query.orderBy([{ column: 'created_at', order: direction }, { column: 'id', order: direction }]).limit(options.limit + 1);
      return { rows: rows.slice(0, options.limit).map(fromDb), more: rows.length > options.limit };
    },
    /** How many calls an outcome made and how many of them failed. */
    async countForOutcome(outcomeId: string): Promise<{ total: number; failed: number }> {
      const row = (await db('tool_calls')
        .where({ outcome_id: outcomeId, ...agentCalls })
        .count({ total: '*' })
        .sum({ failed: db.raw('case when success then 0 else 1 end') })
        .first()) as Record<string, unknown> | undefined;
      return { total: Number(row?.total ?? 0), failed: Number(row?.failed ?? 0) };
    },
    /** Calls per connection of a workspace. */
    async countByConnection(workspaceId: string): Promise<Map<string, number>> {
      const rows = await db('tool_calls').where({ workspace_id: workspaceId, ...agentCalls }).groupBy('connection_id').select('connection_id').count({ n: '*' });
      return new Map((rows as Array<Record<string, unknown>>).map((row) => [String(row.connection_id), Number(row.n)]));
    },
    /** Analytics entries per server type (spec: Tool-connection analytics entry). */
    async usageByServerType(workspaceId: string, since30d: string): Promise<ToolUsage[]> {
      const rows = await db('tool_calls')
        .where({ workspace_id: workspaceId, ...agentCalls })
        .groupBy('server_type')
        .select('server_type')
        .count({ total: '*' })
        .countDistinct({ tools: 'tool_name' })
        .avg({ avg_ms: 'execution_time_ms' })
        .sum({ ok: db.raw('case when success then 1 else 0 end') })
        .sum({ recent: db.raw('case when created_at >= ? then 1 else 0 end', [since30d]) });
      return (rows as Array<Record<string, unknown>>).map((row) => {
        const total = Number(row.total);
        return {
          server_type: String(row.server_type),
          total_tool_calls: total,
          unique_tools_used: Number(row.tools),
          avg_execution_time_ms: Math.round(Number(row.avg_ms ?? 0)),
          success_rate_percent: total === 0 ? 0 : Math.round((Number(row.ok) / total) * 10000) / 100,
          usage_count_last_30d: Number(row.recent ?? 0),
        };
      });
    },
  };
}

export interface ToolCallsRepository {
  /**
   * Appends a call. A call with a `call_key` already stored is not written again (the first
   * result stays the journal's answer); returns false then.
   */
  insert(row: ToolCallRow): Promise<boolean>;
  /** The stored call with this journal key, if any. */
  findByKey(callKey: string): Promise<ToolCallRow | undefined>;
  list(workspaceId: string, filter?: { connectionId?: string; outcomeId?: string; limit?: number }): Promise<ToolCallRow[]>;
  /**
   * One page of a workspace's calls of an outcome or a connection, ordered by (created_at, id):
   * oldest first, or newest first with `newestFirst`. `after` is the last row of the previous
   * page; `limit + 1` rows are read so the caller knows whether another page follows.
   */
  page(workspaceId: string, filter: { outcomeId?: string; connectionId?: string }, options: { limit: number; newestFirst: boolean; after?: ToolCallCursor }): Promise<{ rows: ToolCallRow[]; more: boolean }>;
  /** How many calls an outcome made and how many of them failed. */
  countForOutcome(outcomeId: string): Promise<{ total: number; failed: number }>;
  /** Calls per connection of a workspace. */
  countByConnection(workspaceId: string): Promise<Map<string, number>>;
  /** Analytics entries per server type (spec: Tool-connection analytics entry). */
  usageByServerType(workspaceId: string, since30d: string): Promise<ToolUsage[]>;
}
