import type { Repositories } from '../../storage/index.js';
import type { CatalogTool } from '../../storage/repositories/toolCatalogs.js';
import type { Clock } from '../clock.js';
import type { ToolDescriptor } from '../../models/types.js';
import type { ToolConnections } from './connections.js';
import type { LiveConnection } from './liveConnection.js';
import { CallFailure } from './retryPolicy.js';
import type { ToolSettings } from './settings.js';
import type { InvocationTarget, Refusal, ToolInvoker } from './toolInvoker.js';
import type { ToolUsage } from '../../storage/repositories/toolCalls.js';

export interface ToolCallContext {
  agentName: string | null;
  outcomeId: string | null;
  signal?: AbortSignal;
  /** The journal key of a call inside an outcome step (toolCallKey): replayed when stored, sent in `_meta`. */
  callKey?: string;
  /** The agent's model step (turn) that asked for the call, for the call log. */
  step?: number;
}

export interface ToolCallOutcome {
  content: string;
  isError: boolean;
}

/** Failures that say the connection, not the tool, is broken: the connection is told. */
const connectionFaults = new Set(['unreachable', 'closed', 'session_expired', 'auth_required']);

interface Resolved {
  connection: LiveConnection;
  tool: CatalogTool;
  serverType: string;
}

/**
 * The tools agents use. `tools()` lists what the workspace's active connections offer right now
 * (so a tool connected a moment ago is there on the agent's next step), and `call()` runs one,
 * bounded by the call timeout, and logs it. A tool's failure is an `isError` result the model can
 * read; it never throws for the server's sake. Calls go through the tool invoker (toolInvoker.ts).
 */
export function createToolService(deps: { connections: ToolConnections; repos: Repositories; settings: ToolSettings; clock: Clock; invoker: ToolInvoker }): ToolService {
  const { repos, settings } = deps;
  const nowMs = () => deps.clock.now().getTime();
  // The catalog versions last recorded per outcome: each model step of an outcome asks for its
  // tools, and only a changed catalog needs a row, not every step.
  const seenSignature = new Map<string, string>();
  const signatureOf = (catalogs: Array<{ connection: LiveConnection; version: number }>) => catalogs.map((entry) => `${entry.connection.connectionId}@${entry.version}`).join(',');

  async function activeCatalogs(workspaceId: string) {
    // A connection still connecting — e.g. reopened after a restart — is awaited, bounded by the
    // call timeout: a restored step must not run on without a tool that is about to be there.
    const live = await deps.connections.liveFor(workspaceId);
    const states = await Promise.all(live.map((connection) => connection.ready(settings.callTimeoutMs)));
    const connections = live.filter((_, index) => states[index] === 'active');
    const result: Array<{ connection: LiveConnection; tools: CatalogTool[]; version: number; serverType: string }> = [];
    for (const connection of connections) {
      let entry = deps.connections.catalogOf(connection.connectionId);
      if (entry?.catalog.ttl_ms && Date.parse(entry.catalog.fetched_at) + entry.catalog.ttl_ms <= nowMs()) {
        await connection.refreshCatalog();
        entry = deps.connections.catalogOf(connection.connectionId);
      }
      if (!entry) continue;
      result.push({ connection, tools: entry.catalog.tools, version: entry.catalog.version, serverType: entry.serverType });
    }
    return result;
  }

  async function resolve(workspaceId: string, modelName: string): Promise<Resolved | undefined> {
    for (const entry of await activeCatalogs(workspaceId)) {
      const tool = entry.tools.find((candidate) => candidate.model_name === modelName);
      if (tool) return { connection: entry.connection, tool, serverType: entry.serverType };
    }
    return undefined;
  }

  /** The invoker's target for an agent's call: the tool of an active connection, over its session. */
  async function target(workspaceId: string, modelName: string): Promise<InvocationTarget | Refusal> {
    const resolved = await resolve(workspaceId, modelName);
    if (!resolved) return { refused: `Tool ${modelName} is not available in this workspace.` };
    const { connection, tool } = resolved;
    if (connection.quarantine.isQuarantined(tool.name, nowMs())) return { refused: `Tool ${modelName} is paused after repeated timeouts; try again later.` };
    if (!connection.session()) return { refused: `The connection serving ${modelName} is reconnecting; try again later.` };
    return {
      connectionId: connection.connectionId,
      serverType: resolved.serverType,
      toolName: tool.name,
      modelName,
      quarantine: connection.quarantine,
      async open() {
        // The connection's pooled session, shared by its calls; a retry after a lost one finds none.
        const session = connection.session();
        if (!session) throw new CallFailure(`the connection serving ${modelName} is reconnecting`, 'closed', false);
        return { session, release: async () => undefined };
      },
      onFailure(error, failure) {
        if (connectionFaults.has(failure.code)) connection.reportFailure(error);
      },
    };
  }

  return {
    /**
     * The tools an agent may call now, as the model sees them. With `outcomeId`, the catalog
     * versions are recorded on the outcome. Quarantined tools are left out until they recover.
     */
    async tools(workspaceId: string, options: { outcomeId?: string } = {}): Promise<ToolDescriptor[]> {
      const catalogs = await activeCatalogs(workspaceId);
      const signature = signatureOf(catalogs);
      if (options.outcomeId && seenSignature.get(options.outcomeId) !== signature) {
        const seenAt = deps.clock.now().toISOString();
        // Bounded: a forgotten entry only costs one more (idempotent) insert.
        await repos.toolCatalogs.recordSeen(
          catalogs.map((entry) => ({ outcome_id: options.outcomeId!, connection_id: entry.connection.connectionId, workspace_id: workspaceId, version: entry.version, seen_at: seenAt })),
        );
        if (seenSignature.size > 10_000) seenSignature.clear();
        seenSignature.set(options.outcomeId, signature);
      }
      return catalogs.flatMap((entry) =>
        entry.tools
          .filter((tool) => !entry.connection.quarantine.isQuarantined(tool.name, nowMs()))
          .map((tool) => ({ name: tool.model_name, description: tool.description, inputSchema: tool.input_schema })),
      );
    },

    /**
     * Runs one tool by its model name through the invoker (journal, retry policy, call log row:
     * tool name, input, output, time, success, agent, outcome). A call that cannot be made now
     * (no such tool, quarantined, reconnecting) is answered and not logged.
     */
    async call(workspaceId: string, modelName: string, args: Record<string, unknown>, context: ToolCallContext): Promise<ToolCallOutcome> {
      const answer = await deps.invoker.invoke({
        kind: 'agent',
        workspaceId,
        outcomeId: context.outcomeId,
        agentName: context.agentName,
        ...(context.step !== undefined ? { step: context.step } : {}),
        ...(context.callKey ? { key: context.callKey } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
        args,
        resolve: () => target(workspaceId, modelName),
        failureText: (message) => `Tool ${modelName} failed: ${message}`,
        toolErrorCode: 'tool_error',
      });
      return 'refused' in answer ? { content: answer.refused, isError: true } : { content: answer.content, isError: answer.isError };
    },

    /** Analytics per server type (spec: Tool-connection analytics entry), from the call log. */
    async analytics(workspaceId: string) {
      const since = new Date(nowMs() - 30 * 86_400_000).toISOString();
      const usage = await repos.toolCalls.usageByServerType(workspaceId, since);
      const rows = (await repos.toolConnections.list(workspaceId)).filter((row) => row.state !== 'disconnected');
      // Every connected server type appears, with zeros before its first call.
      for (const type of new Set(rows.map((row) => row.server_type))) {
        if (!usage.some((entry) => entry.server_type === type)) {
          usage.push({ server_type: type, total_tool_calls: 0, unique_tools_used: 0, avg_execution_time_ms: 0, success_rate_percent: 0, usage_count_last_30d: 0 });
        }
      }
      usage.sort((a, b) => a.server_type.localeCompare(b.server_type));
      return { analytics: usage, total_connections: rows.length };
    },
  };
}

export interface ToolService {
  /**
   * The tools an agent may call now, as the model sees them. With `outcomeId`, the catalog
   * versions are recorded on the outcome. Quarantined tools are left out until they recover.
   */
  tools(workspaceId: string, options?: {
    outcomeId?: string;
  }): Promise<ToolDescriptor[]>;
  /**
   * Runs one tool by its model name through the invoker (journal, retry policy, call log row:
   * tool name, input, output, time, success, agent, outcome). A call that cannot be made now
   * (no such tool, quarantined, reconnecting) is answered and not logged.
   */
  call(workspaceId: string, modelName: string, args: Record<string, unknown>, context: ToolCallContext): Promise<ToolCallOutcome>;
  /** Analytics per server type (spec: Tool-connection analytics entry), from the call log. */
  analytics(workspaceId: string): Promise<{
    analytics: ToolUsage[];
    total_connections: number;
  }>;
}
