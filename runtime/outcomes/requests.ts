import type { ApprovalsRequest } from '../approvals/approvalPolicy.js';
import type { CrewDefinition } from '../../crews/index.js';

/** POST /v1/crews/{crew}/deploy and /run, after schema validation. */
export interface DeployRequest {
  brief: string;
  context?: string;
  requirements?: Record<string, unknown>;
  template_id?: string;
  integrations?: Record<string, unknown>;
  context_documents?: string[];
  /** Approval points (issue 27). */
  approvals?: ApprovalsRequest;
}

/** POST /v1/workflows/batch, after schema validation. */
export interface BatchRequest {
  workflow_name: string;
  crews: Array<{ crew_id: string; brief: string; priority?: number; depends_on?: string[]; context?: string; requirements?: Record<string, unknown>; approvals?: ApprovalsRequest }>;
}

/** POST /v1/outcomes/{id}/revise, after schema validation. */
export interface ReviseRequest {
  feedback: string;
  requirements?: Record<string, unknown>;
  priority?: string;
}

/** What deploy and run answer with. */
export interface Deployed {
  id: string;
  crew: CrewDefinition;
  createdAt: string;
  estimatedCompletion: string | null;
  progress: Record<string, unknown>;
}
