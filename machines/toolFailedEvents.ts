import type { AgentIntegrations, AgentToolExchange } from './agent.js';

/**
 * `tool.failed` events (beyond the spec's eleven event kinds, issue 21): one per tool call of an
 * agent's stage that failed, recorded with the stage's other events when the agent finishes, in
 * call order. Pure: built from the exchanges the step was given, so a replayed step builds the
 * same events.
 */
export function toolFailedEvents(outcomeId: string, agent: string, exchanges: readonly AgentToolExchange[]): AgentIntegrations['events'] {
  return exchanges
    .filter((exchange) => exchange.result.isError)
    .map((exchange) => ({
      kind: 'tool.failed',
      data: {
        outcome_id: outcomeId,
        agent,
        step: exchange.turn,
        tool: exchange.call.name,
        call_id: exchange.call.id,
        error: exchange.result.content.slice(0, 500),
      },
    }));
}

/** Adds the failed tool calls' events to a stage's integration results (after them). */
export function withToolFailures(integrations: AgentIntegrations | undefined, failures: AgentIntegrations['events']): AgentIntegrations | undefined {
  if (failures.length === 0) return integrations;
  return { executed: integrations?.executed ?? {}, events: [...(integrations?.events ?? []), ...failures] };
}
