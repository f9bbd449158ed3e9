import { strictObject } from './common.js';
import type { CrewId } from './crewIds.js';
import { crewIdParam, deployBody, listQuery, outcomeIdParam, reviseBody, type DeployRequest, type ReviseRequest } from './outcomes.js';
import type { JsonSchema } from './types.js';

const deployFields = deployBody.properties as Record<string, JsonSchema>;
const reviseFields = reviseBody.properties as Record<string, JsonSchema>;

/**
 * Inputs of crewd's MCP tools (DESIGN section 10). Each is the REST route's body or query with the
 * path parameter folded in; the tool checks the REST part with the very schema its route uses.
 */
export const deployCrewInput: JsonSchema = strictObject(
  {
    crew: { ...crewIdParam, description: 'The crew to deploy: writer, mind or pilot (GET /v1/crews lists them).' },
    brief: deployFields.brief!,
    context: deployFields.context!,
    requirements: deployFields.requirements!,
    integrations: deployFields.integrations!,
    approvals: deployFields.approvals!,
    wait: { type: 'boolean', default: true, description: 'true (default): answer when the outcome completed or failed, with progress notifications meanwhile; false: answer at once with the processing outcome.' },
  },
  ['crew', 'brief'],
);

export const outcomeIdInput: JsonSchema = strictObject({ outcome_id: { ...outcomeIdParam, description: 'The outcome id, out_...' } }, ['outcome_id']);

export const listOutcomesInput: JsonSchema = listQuery;

export const reviseOutcomeInput: JsonSchema = strictObject({ outcome_id: (outcomeIdInput.properties as Record<string, JsonSchema>).outcome_id!, ...reviseFields }, ['outcome_id', 'feedback']);

/** The parts of a tool input its REST route validates (path parameters go to their own schema). */
export const restPartOf = {
  deploy: <T extends { crew?: unknown; wait?: unknown }>(input: T): Omit<T, 'crew' | 'wait'> => {
    const { crew: _crew, wait: _wait, ...body } = input;
    return body;
  },
  revise: <T extends { outcome_id?: unknown }>(input: T): Omit<T, 'outcome_id'> => {
    const { outcome_id: _id, ...body } = input;
    return body;
  },
};

/** deploy_crew's arguments once deployCrewInput and (for the REST part) deployBody passed them. */
export type DeployCrewArgs = DeployRequest & { crew: CrewId; wait?: boolean };

/** revise_outcome's arguments once reviseOutcomeInput and (for the REST part) reviseBody passed them. */
export type ReviseOutcomeArgs = ReviseRequest & { outcome_id: string };
