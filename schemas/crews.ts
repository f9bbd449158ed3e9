import { component, responseObject } from './common.js';
import { crewIds } from './crewIds.js';
import type { JsonSchema } from './types.js';

const stringArray: JsonSchema = { type: 'array', items: { type: 'string' } };

export const crew: JsonSchema = component('Crew', responseObject({
  id: { type: 'string', enum: crewIds },
  name: { type: 'string' },
  description: { type: 'string' },
  agents: stringArray,
  status: { type: 'string' },
  capabilities: stringArray,
  integrations: stringArray,
}));

export const crewList: JsonSchema = component('CrewList', responseObject({ crews: { type: 'array', items: crew } }));
