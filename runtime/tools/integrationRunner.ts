import pRetry, { AbortError } from 'p-retry';
import type { Logger } from 'pino';
import type { CrewId, IntegrationActionInput, IntegrationActionResult } from '../../plugins/contract.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import { classifyMcpError } from './errors.js';
import type { GuardedFetch } from './guardedFetch.js';
import type { ActiveFlag } from './deployFlags.js';
import type { PluginHost } from './pluginHost.js';
import { openMcpSession } from './session.js';
import type { ToolSettings } from './settings.js';
import { toolOutputText } from './toolOutput.js';

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

class RetryableToolError extends Error {}

/** The longest Retry-After the runner waits; a longer one fails the integration (rate_limited). */
const maxRetryAfterMs = 30_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `<outcome>:<stage>:<attempt>:<integration>`: stable across retries of the call and crash replays. */
export function integrationIdempotencyKey(outcomeId: string, stage: string, attempt: number, integration: string): string {
  return `${outcomeId}:${stage}:${attempt}:${integration}`;
}

/**
 * Runs the deploy flags due at a crew's stage: calls each flag's plugin tool in process, retries
 * transient failures (p-retry), and returns the `integrations_executed` entries and the
 * `integration.executed` / `integration.failed` payloads. A failure never throws: the outcome
 * completes with the integration marked failed. Each run is recorded under its idempotency key
 * and answered from that record when replayed; the key also reaches the plugin, which uses it to
 * avoid creating twice when a crash fell between its call and this record.
 */
export function createIntegrationRunner(deps: {
  registry: PluginRegistry;
  pluginHost: PluginHost;
  repos: Repositories;
  settings: ToolSettings;
  fetch: GuardedFetch;
  clock: Clock;
  logger: Logger;
  retry?: { retries: number; minTimeoutMs: number };
}) {
  const retry = deps.retry ?? { retries: 2, minTimeoutMs: 500 };

  /** The flags of `flags` that run at `stage` of `crew`. */
  function dueAt(crew: CrewId, stage: string, flags: readonly ActiveFlag[]): ActiveFlag[] {
    return flags.filter((flag) => deps.registry.flag(flag.flag)?.flag.stages[crew] === stage);
  }

  async function runOne(input: IntegrationRunInput, flag: ActiveFlag): Promise<{ entry: IntegrationEntry; event: IntegrationEventPayload }> {
    const binding = deps.registry.flag(flag.flag)!;
    const integration = binding.plugin.manifest.id;
    const action = binding.flag.action;
    const key = integrationIdempotencyKey(input.outcomeId, input.stage, input.attempt, integration);
    const started = performance.now();
    const stored = await deps.repos.integrationRuns.get(key);
    if (stored) {
      const entry = stored.entry as IntegrationEntry;
      return { entry, event: eventFor(input.outcomeId, integration, action, entry, 0, 0) };
    }
    const args: IntegrationActionInput = { outcome_id: input.outcomeId, crew: input.crew, stage: input.stage, flag: flag.flag, flag_value: flag.value, title: input.title, content: input.content, idempotency_key: key };
    let attempts = 0;
    let entry: IntegrationEntry;
    try {
      const result = await pRetry(
        async () => {
          attempts += 1;
          const session = await openMcpSession({ kind: 'memory', server: deps.pluginHost.serverFactory(input.workspaceId, integration) }, { connectTimeoutMs: deps.settings.connectTimeoutMs, fetch: deps.fetch });
          try {
            // Opening the session refreshed an expiring OAuth token; a refused refresh marked the
            // integration auth_required, and calling the vendor with the stale token is pointless.
            const config = await deps.repos.integrationConfigs.get(input.workspaceId, integration);
            if (config?.settings.__auth_status === 'auth_required') {
              throw new AbortError(Object.assign(new Error(`The ${integration} integration needs to be connected again: its OAuth refresh token was refused.`), { code: 'auth_required' }));
            }
            const answer = await session.callTool(binding.flag.tool, args as unknown as Record<string, unknown>, { timeoutMs: deps.settings.callTimeoutMs, wallMs: deps.settings.callWallTimeoutMs });
            const structured = (answer.structuredContent ?? {}) as Partial<IntegrationActionResult>;
            if (answer.isError) {
              const message = toolOutputText(answer, 500);
              const code = structured.error_code ?? 'integration_error';
              // p-retry rejects with an AbortError's original error: the code rides on that one.
              throw structured.retryable
                ? Object.assign(new RetryableToolError(message), { code, retryAfterMs: structured.retry_after_ms })
                : new AbortError(Object.assign(new Error(message), { code }));
            }
            return structured;
          } catch (error) {
            if (error instanceof RetryableToolError || error instanceof AbortError) throw error;
            const failure = classifyMcpError(error);
            if (failure.retryable) throw Object.assign(new RetryableToolError(failure.message), { code: failure.reason });
            throw new AbortError(Object.assign(new Error(failure.message), { code: failure.reason }));
          } finally {
            await session.close();
          }
        },
        {
          retries: retry.retries,
          minTimeout: retry.minTimeoutMs,
          factor: 2,
          randomize: true,
          // A vendor's Retry-After is honoured (capped) on top of the backoff p-retry adds.
          onFailedAttempt: async ({ error, retriesLeft }) => {
            const wait = (error as { retryAfterMs?: number }).retryAfterMs;
            if (retriesLeft > 0 && typeof wait === 'number' && wait > 0) await delay(Math.min(wait, maxRetryAfterMs));
          },
        },
      );
      entry = { status: 'success', ...pick(result) };
    } catch (error) {
      const code = String((error as { code?: string }).code ?? 'integration_error');
      entry = { status: 'failed', error: { code, message: (error as Error).message.slice(0, 500) } };
      deps.logger.warn({ integration, outcome_id: input.outcomeId, code }, 'integration failed');
    }
    await deps.repos.integrationRuns.record({ idempotency_key: key, workspace_id: input.workspaceId, outcome_id: input.outcomeId, integration_id: integration, status: entry.status, entry, created_at: deps.clock.now().toISOString() });
    return { entry, event: eventFor(input.outcomeId, integration, action, entry, Math.round(performance.now() - started), Math.max(0, attempts - 1)) };
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
