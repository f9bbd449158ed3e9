import type { CrewDefinition } from '../../crews/index.js';

// The request types (DeployRequest, BatchRequest, ReviseRequest) are derived from their JSON Schemas in schemas/outcomes.ts.

/** What deploy and run answer with. */
export interface Deployed {
  id: string;
  crew: CrewDefinition;
  createdAt: string;
  estimatedCompletion: string | null;
  progress: Record<string, unknown>;
}
