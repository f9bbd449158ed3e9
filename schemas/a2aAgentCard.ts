import { component, responseObject } from './common.js';
import type { JsonSchema } from './types.js';

const strings: JsonSchema = { type: 'array', items: { type: 'string' } };

/** The A2A (v1.0) agent card of a crew, or of every crew, as GET .../.well-known/agent-card.json answers it. */
export const a2aAgentCard: JsonSchema = component('A2aAgentCard', {
  ...responseObject(
    {
      name: { type: 'string' },
      description: { type: 'string' },
      version: { type: 'string' },
      supportedInterfaces: {
        type: 'array',
        items: responseObject({ url: { type: 'string' }, protocolBinding: { type: 'string', enum: ['JSONRPC'] }, protocolVersion: { type: 'string' } }),
      },
      capabilities: { type: 'object', properties: { streaming: { type: 'boolean' }, pushNotifications: { type: 'boolean' } } },
      securitySchemes: { type: 'object', additionalProperties: { type: 'object' } },
      securityRequirements: { type: 'array', items: { type: 'object' } },
      defaultInputModes: strings,
      defaultOutputModes: strings,
      skills: {
        type: 'array',
        items: responseObject({ id: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, tags: strings }),
      },
    },
    ['name', 'description', 'version', 'supportedInterfaces', 'capabilities', 'securitySchemes', 'skills'],
  ),
  description: 'An A2A agent card (A2A protocol v1.0 JSON form): the crew as an agent, its JSON-RPC endpoint, skills from its capabilities and crewd\'s bearer keys as the security scheme.',
});
