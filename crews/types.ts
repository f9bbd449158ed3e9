import { crewIds, type CrewId } from '../schemas/crewIds.js';

/** A crew as data: what GET /v1/crews shows and what the engine runs, stage by stage. */
export interface CrewStage {
  /** Stage name reported in `progress.current_stage`. */
  name: string;
  /** The agent that works this stage; one of the crew's `agents`. */
  agent: string;
  /** What the agent is asked to do in this stage (model prompt seed). */
  task: string;
}

export interface CrewDefinition {
  id: CrewId;
  name: string;
  description: string;
  /** Every agent of the crew, in the spec's order. */
  agents: string[];
  /** The shorter agent list shown by list-endpoint variants. */
  listAgents?: string[];
  capabilities: string[];
  /** Integration ids (DESIGN section 5 neutral words) the crew may use. */
  integrations: string[];
  /** Stages run in order; each stage is worked by one agent. */
  stages: CrewStage[];
  /** The stage whose agent applies revision feedback (one of `stages`' names). */
  revisionStage: string;
  /** Typical seconds per stage, used for estimated_completion. */
  secondsPerStage: number;
}

// The one list of crew ids lives in schemas/ (the leaf layer), so the schemas and the plugin contract read it too.
export { crewIds, type CrewId };

export function isCrewId(value: string): value is CrewId {
  return (crewIds as readonly string[]).includes(value);
}
