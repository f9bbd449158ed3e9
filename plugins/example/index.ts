import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { actionResult, definePlugin, integrationActionInputSchema } from '../contract.js';

/**
 * The smallest useful plugin (README: "Writing a plugin"; the tests load it). It answers one
 * deploy flag, `shout_outcome`, by remembering the outcome's title in its key-value store, and
 * offers agents one tool, `example_lookup`, that finds what it remembered.
 */
export const examplePlugin = definePlugin({
  manifest: {
    id: 'example',
    kind: 'example',
    displayName: 'Example',
    version: '1.0.0',
    crews: ['writer', 'mind', 'pilot'],
    tools: ['example_shout', 'example_lookup'],
    flags: [{ name: 'shout_outcome', type: 'boolean', description: 'Remember the outcome title in upper case.', stages: { writer: 'publishing', mind: 'integration_sync', pilot: 'release_planning' }, tool: 'example_shout', action: 'shout' }],
    settingsSchema: { type: 'object', additionalProperties: false, properties: { prefix: { type: 'string', maxLength: 20 } } },
    secrets: [],
  },
  register(context) {
    const server = new McpServer({ name: 'crewd-example', version: '1.0.0' });
    const prefix = typeof context.settings.prefix === 'string' ? context.settings.prefix : '';
    server.registerTool('example_shout', { description: 'Remember the outcome title in upper case.', inputSchema: integrationActionInputSchema }, async (input) => {
      const text = `${prefix}${input.title.toUpperCase()}`;
      // setIfAbsent makes the call idempotent: a replay with the same key changes nothing.
      const earlier = await context.kv.setIfAbsent(input.idempotency_key, text);
      return actionResult({ status: 'success', details: { text: earlier ?? text } });
    });
    server.registerTool('example_lookup', { description: 'Look up a remembered title by idempotency key.', inputSchema: z.object({ key: z.string() }) }, async ({ key }) => {
      const text = await context.kv.get<string>(key);
      return { content: [{ type: 'text', text: text ?? 'nothing remembered under that key' }] };
    });
    return server;
  },
});
