import type { KnowledgeService } from '../../runtime/knowledge/knowledgeService.js';
import type { StageServices } from '../../runtime/outcomes/stageServices.js';
import type { ActiveTracing } from '../../runtime/telemetry/createTracing.js';
import { traceServices } from '../../runtime/telemetry/traceServices.js';
import type { Tools } from '../../runtime/tools/index.js';
import { createStageServices } from '../../runtime/tools/stageServices.js';

/**
 * What stages use beyond the model: the workspace's tools and integration flags (runtime/tools),
 * and its knowledge base (synced chat messages, documents): passages with their source (#channel
 * or document name) and date, which the providers cite. With tracing on, each tool call and
 * integration flag run is a span (runtime/telemetry/traceServices.ts), under the outcome's trace
 * (`traceparentOf`) when no stage span is current.
 */
export function buildStageServices(tools: Tools, knowledge: KnowledgeService, active: ActiveTracing | undefined, traceparentOf: (outcomeId: string) => string | null | undefined): StageServices {
  return traceServices(
    {
      ...createStageServices(tools),
      retrieve: (workspaceId: string, query: string) => knowledge.search(workspaceId, query, 5),
      resolveDocuments: (workspaceId: string, names: string[]) => knowledge.resolveDocuments(workspaceId, names),
      // Configured and still installed: what the agents may say they prepared work for.
      configuredIntegrations: async (workspaceId: string) => [...(await tools.integrations.configured(workspaceId))],
    },
    active,
    traceparentOf,
  );
}
