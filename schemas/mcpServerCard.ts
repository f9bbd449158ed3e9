import { responseObject } from './common.js';
import type { JsonSchema } from './types.js';

/** The MCP Server Card (SEP-2127) of GET /.well-known/mcp/server-card.json. */
export const mcpServerCard: JsonSchema = responseObject(
  {
    $schema: { type: 'string' },
    name: { type: 'string' },
    title: { type: 'string' },
    version: { type: 'string' },
    description: { type: 'string' },
    remotes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'url'],
        properties: {
          type: { type: 'string', enum: ['streamable-http'] },
          url: { type: 'string' },
          supportedProtocolVersions: { type: 'array', items: { type: 'string' } },
          headers: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' }, isRequired: { type: 'boolean' }, isSecret: { type: 'boolean' } } } },
        },
      },
    },
  },
  ['$schema', 'name', 'version', 'remotes'],
);
