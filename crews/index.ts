import { mind } from './mind.js';
import { pilot } from './pilot.js';
import type { CrewDefinition, CrewId } from './types.js';
import { writer } from './writer.js';

export type { CrewDefinition, CrewId, CrewStage } from './types.js';
export { crewIds, isCrewId } from './types.js';

/** The three crews of the spec, keyed by id. Frozen data: the engine and GET /v1/crews read it. */
export const crews: Readonly<Record<CrewId, CrewDefinition>> = Object.freeze({ writer, mind, pilot });
