import type { Logger } from 'pino';
import type { CrewId, IntegrationActionInput, IntegrationActionResult } from '../../plugins/contract.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { GuardedFetch } from './guardedFetch.js';
import type { ActiveFlag } from './deployFlags.js';
import { journalKey } from './journalKey.js';
import type { PluginHost } from './pluginHost.js';
import { CallFailure } from './retryPolicy.js';
import { openMcpSession } from './session.js';
import type { ToolSettings } from './settings.js';
import type { InvocationTarget, Invoked, Refusal, ToolInvoker } from './toolInvoker.js';

export interface IntegrationRunInput {
  workspaceId: string;
  outcomeId: string;
  crew: CrewId;
  stage: string;
  /** The stage attempt (1 for the first run; a retry of the outcome runs the stage again). */
  attempt: number;
  flags: ActiveFlag[];
  title: string;
  content: string;
}

/** One `integrations_executed` entry (spec: Outcome). */
export type IntegrationEntry = { status: 'success' | 'failed'; post_url?: string; file_url?: string; file_id?: string; error?: { code: string; message: string } } & Record<string, unknown>;

export interface IntegrationEventPayload {
  kind: 'integration.executed' | 'integration.failed';
  data: Record<string, unknown>;
}

export interface IntegrationRunResult {
  /** Keyed by integration id. */
  executed: Record<string, IntegrationEntry>;
  /** In flag order; write them through the actor host with the stage's tick. */
  events: IntegrationEventPayload[];
}

/**
 * Runs the deploy flags due at a crew's stage: calls each flag's plugin tool in process through
 * the tool invoker (the one journal, key and retry policy of every tool call), and returns the
 * `integrations_executed` entries and the `integration.executed` / `integration.failed` payloads.
 * A failure never throws: the outcome completes with the integration marked failed. Each run is
 * journaled under its key (journalKey: outcome, stage, attempt, integration) and answered from
 * that entry when replayed; the key also reaches the plugin, which uses it to avoid creating twice
 * when a crash fell between its call and the entry.
 */
export function createIntegrationRunner(deps: {
  registry: PluginRegistry;
  pluginHost: PluginHost;
  repos: Repositories;
  settings: ToolSettings;
  fetch: GuardedFetch;
  invoker: ToolInvoker;
  logger: Logger;
}) {
  /** The flags of `flags` that run at `stage` of `crew`. */
  function dueAt(crew: CrewId, stage: string, flags: readonly ActiveFlag[]): ActiveFlag[] {
    return flags.filter((flag) => deps.registry.flag(flag.flag)?.flag.stages[crew] === stage);
  }

  async function runOne(input: IntegrationRunInput, flag: ActiveFlag): Promise<{ entry: IntegrationEntry; event: IntegrationEventPayload }> {
    const binding = deps.registry.flag(flag.flag)!;
    const integration = binding.plugin.manifest.id;
    const action = binding.flag.action;
    const key = journalKey(input.outcomeId, input.stage, input.attempt, integration);
    const started = performance.now();
    // A literal checked against the plugin contract keeps its own (indexable) type: no cast to send it.
    const args = { outcome_id: input.outcomeId, crew: input.crew, stage: input.stage, flag: flag.flag, flag_value: flag.value, title: input.title, content: input.content, idempotency_key: key } satisfies IntegrationActionInput;
    const answer = await deps.invoker.invoke({
      kind: 'integration',
      workspaceId: input.workspaceId,
      outcomeId: input.outcomeId,
      agentName: null,
      key,
      args,
      resolve: async () => pluginTarget(input.workspaceId, integration, binding.flag.tool),
      failureText: (message) => message,
      toolErrorCode: 'integration_error',
      maxChars: 500,
    });
    const entry = entryOf(answer);
    const replayed = 'replayed' in answer && answer.replayed;
    const retries = 'retries' in answer ? answer.retries : 0;
    if (entry.status === 'failed' && !replayed) deps.logger.warn({ integration, outcome_id: input.outcomeId, code: entry.error?.code }, 'integration failed');
    return { entry, event: eventFor(input.outcomeId, integration, action, entry, replayed ? 0 : Math.round(performance.now() - started), retries) };
  }

  /** An integration's plugin tool, over a session of its own per attempt (in process, no pool needed). */
  function pluginTarget(workspaceId: string, integration: string, tool: string): InvocationTarget {
    return {
      connectionId: `integration:${integration}`,
      serverType: integration,
      toolName: tool,
      modelName: tool,
      async open() {
        const session = await openMcpSession({ kind: 'memory', server: deps.pluginHost.serverFactory(workspaceId, integration) }, { connectTimeoutMs: deps.settings.connectTimeoutMs, fetch: deps.fetch });
        // Opening the session refreshed an expiring OAuth token; a refused refresh marked the
        // integration auth_required, and calling the vendor with the stale token is pointless.
        const config = await deps.repos.integrationConfigs.get(workspaceId, integration).catch(async (error: unknown) => {
          await session.close();
          throw error;
        });
        if (config?.settings.__auth_status === 'auth_required') {
          await session.close();
          throw new CallFailure(`The ${integration} integration needs to be connected again: its OAuth refresh token was refused.`, 'auth_required', false);
        }
        return { session, release: () => session.close() };
      },
    };
  }

  return {
    dueAt,
    async run(input: IntegrationRunInput): Promise<IntegrationRunResult> {
      const executed: Record<string, IntegrationEntry> = {};
      const events: IntegrationEventPayload[] = [];
      for (const flag of dueAt(input.crew, input.stage, input.flags)) {
        const { entry, event } = await runOne(input, flag);
        executed[deps.registry.flag(flag.flag)!.plugin.manifest.id] = entry;
        events.push(event);
      }
      return { executed, events };
    },
  };
}

/** The `integrations_executed` entry of a flag's call (stored or just made). */
function entryOf(answer: Invoked | Refusal): IntegrationEntry {
  if ('refused' in answer) return { status: 'failed', error: { code: 'integration_error', message: answer.refused.slice(0, 500) } };
  if (!answer.isError) return { status: 'success', ...pick((answer.structured ?? {}) as Partial<IntegrationActionResult>) };
  return { status: 'failed', error: { code: String(answer.structured?.error_code ?? 'integration_error'), message: answer.content.slice(0, 500) } };
}

function pick(result: Partial<IntegrationActionResult>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['post_url', 'file_url', 'file_id'] as const) if (typeof result[key] === 'string') out[key] = result[key];
  if (result.engagement && typeof result.engagement === 'object') out.engagement = result.engagement;
  if (result.details) out.details = result.details;
  return out;
}

function eventFor(outcomeId: string, type: string, action: string, entry: IntegrationEntry, executionMs: number, retryCount: number): IntegrationEventPayload {
  if (entry.status === 'success') {
    const details: Record<string, unknown> = { ...((entry.details as Record<string, unknown>) ?? {}) };
    for (const key of ['post_url', 'file_url', 'file_id'] as const) if (entry[key]) details[key] = entry[key];
    return { kind: 'integration.executed', data: { outcome_id: outcomeId, integration: { type, action, status: 'success', details }, execution_time_ms: executionMs } };
  }
  return {
    kind: 'integration.failed',
    data: { outcome_id: outcomeId, integration: { type, action, status: 'failed' }, error: entry.error ?? { code: 'integration_error', message: 'failed' }, retry_count: retryCount, will_retry: false },
  };
}
