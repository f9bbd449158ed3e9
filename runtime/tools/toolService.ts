import type { Logger } from 'pino';
import type { Repositories } from '../../storage/index.js';
import type { CatalogTool } from '../../storage/repositories/toolCatalogs.js';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { ToolDescriptor } from '../../models/types.js';
import type { ToolConnections } from './connections.js';
import { classifyMcpError } from './errors.js';
import type { LiveConnection } from './liveConnection.js';
import type { ToolSettings } from './settings.js';
import { createToolJournal } from './toolJournal.js';
import { capText, toolOutputText } from './toolOutput.js';

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

interface Resolved {
  connection: LiveConnection;
  tool: CatalogTool;
  serverType: string;
}

/**
 * The tools agents use. `tools()` lists what the workspace's active connections offer right now
 * (so a tool connected a moment ago is there on the agent's next step), and `call()` runs one,
 * bounded by the call timeout, and logs it. A tool's failure is an `isError` result the model can
 * read; it never throws for the server's sake.
 */
export function createToolService(deps: { connections: ToolConnections; repos: Repositories; settings: ToolSettings; clock: Clock; ids: IdGenerator; logger: Logger }) {
  const { repos, settings } = deps;
  const journal = createToolJournal(repos.toolCalls);
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

    /** Runs one tool by its model name and logs the call (tool name, input, output, time, success, agent, outcome). */
    async call(workspaceId: string, modelName: string, args: Record<string, unknown>, context: ToolCallContext): Promise<ToolCallOutcome> {
      // A restored step: the call's result is already stored; the tool is not called again.
      const stored = await journal.replay(context.callKey);
      if (stored) return stored;
      const resolved = await resolve(workspaceId, modelName);
      if (!resolved) return { content: `Tool ${modelName} is not available in this workspace.`, isError: true };
      const { connection, tool } = resolved;
      if (connection.quarantine.isQuarantined(tool.name, nowMs())) {
        return { content: `Tool ${modelName} is paused after repeated timeouts; try again later.`, isError: true };
      }
      const session = connection.session();
      if (!session) return { content: `The connection serving ${modelName} is reconnecting; try again later.`, isError: true };
      const started = performance.now();
      let outcome: ToolCallOutcome;
      let timedOut = false;
      try {
        const meta = journal.meta(context.callKey);
        const result = await session.callTool(tool.name, args, { timeoutMs: settings.callTimeoutMs, wallMs: settings.callWallTimeoutMs, ...(context.signal ? { signal: context.signal } : {}), ...(meta ? { meta } : {}) });
        outcome = { content: toolOutputText(result, settings.outputMaxChars), isError: result.isError === true };
      } catch (error) {
        if (context.signal?.aborted) throw error;
        const failure = classifyMcpError(error);
        timedOut = failure.reason === 'timeout';
        if (['unreachable', 'closed', 'session_expired', 'auth_required'].includes(failure.reason)) connection.reportFailure(error);
        outcome = { content: `Tool ${modelName} failed: ${failure.message}`, isError: true };
      }
      const elapsed = Math.round(performance.now() - started);
      if (connection.quarantine.record(tool.name, timedOut, nowMs())) {
        deps.logger.warn({ connection_id: connection.connectionId, tool: tool.name }, 'tool quarantined after repeated timeouts');
      }
      await repos.toolCalls.insert({
        id: deps.ids.id('tc'),
        workspace_id: workspaceId,
        connection_id: connection.connectionId,
        server_type: resolved.serverType,
        tool_name: tool.name,
        model_tool_name: modelName,
        input: capText(JSON.stringify(args ?? {}), settings.outputMaxChars),
        output: outcome.content,
        execution_time_ms: elapsed,
        success: !outcome.isError,
        agent_name: context.agentName,
        outcome_id: context.outcomeId,
        created_at: deps.clock.now().toISOString(),
        call_key: context.callKey ?? null,
        // Visibility (issue 21): the step, and why a failed call failed.
        step: context.step ?? null,
        error: outcome.isError ? capText(outcome.content, 2_000) : null,
      });
      // Stored before the agent moves on: the insert above is the journal entry.
      return outcome;
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

export type ToolService = ReturnType<typeof createToolService>;
