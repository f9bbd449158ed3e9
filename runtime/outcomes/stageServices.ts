import type { AgentIntegrations } from '../../machines/agent.js';
import type { CrewId } from '../../crews/index.js';
import type { KnowledgePassage, ToolDescriptor } from '../../models/types.js';

/*
 * The seams of a running stage beyond the model, declared apart from the stage runner so the
 * runner's parts (tool calls, final results) and the tools that fill the seams share one leaf.
 */

/**
 * The seams through which plugins reach a running stage. Each is optional; without it a stage
 * runs as before (no tools, no integrations, no knowledge).
 * - `toolsFor`: the tools (e.g. a workspace's MCP tools) offered to an agent's model step.
 * - `callTool`: runs one tool call the model asked for; a tool's own failure is `isError: true`.
 * - `runIntegrations`: runs a crew stage's integration flags (not called yet: the tools issue
 *   calls it from the stage that owns integrations and records integrations_executed + events).
 * - `retrieve`: passages of the workspace's knowledge base for a stage, into `StageInput.knowledge`.
 */
export interface StageServices {
  /** `context` names the outcome, so the catalog versions its agents saw can be recorded. */
  toolsFor?(workspaceId: string, agent: string, context?: { outcomeId: string }): Promise<ToolDescriptor[]>;
  /** `context` names the agent and outcome for the call log. */
  callTool?(
    workspaceId: string,
    call: { id: string; name: string; arguments: Record<string, unknown> },
    signal: AbortSignal,
    context?: { outcomeId: string; agent: string; callKey?: string; step?: number },
  ): Promise<{ content: string; isError: boolean }>;
  /**
   * Runs the deploy's integration flags due at this stage, after the stage's output is stored.
   * Must be idempotent on (outcome, stage, attempt): a restored step calls it again.
   */
  runIntegrations?(input: StageIntegrationsInput, signal: AbortSignal): Promise<AgentIntegrations | undefined>;
  retrieve?(workspaceId: string, query: string, signal: AbortSignal): Promise<KnowledgePassage[]>;
  /** `context_documents` names resolved to their stored text; names not found are left out. */
  resolveDocuments?(workspaceId: string, names: string[]): Promise<KnowledgePassage[]>;
  /** Ids of the integrations configured for the workspace, passed to the model as `StageInput.integrations`. */
  configuredIntegrations?(workspaceId: string): Promise<string[]>;
}

export interface StageIntegrationsInput {
  workspaceId: string;
  outcomeId: string;
  crew: CrewId;
  stage: string;
  attempt: number;
  /** The deploy's `integrations` object as accepted (validated at deploy). */
  integrations: Record<string, unknown>;
  title: string;
  content: string;
}
