import type { PluginManifest } from '../contract.js';
import { flagStages } from '../shared/flagStages.js';

/** The chat plugin's manifest; `attach` adds its sync job and runner. */
export const chatManifest: PluginManifest = {
  id: 'chat',
  kind: 'chat tool',
  displayName: 'Chat tool',
  version: '1.0.0',
  crews: ['mind'],
  tools: ['chat_post_message', 'chat_search_messages', 'chat_read_thread', 'chat_notify_completion'],
  flags: [{ name: 'notify_chat', type: 'string', description: 'Post a completion notice to this channel (name or id).', stages: flagStages('documents'), tool: 'chat_notify_completion', action: 'post_message' }],
  settingsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      channel: { type: 'string', minLength: 1, maxLength: 255, description: 'Default channel for notices (name or id).' },
      notify_on_completion: { type: 'boolean', description: 'Post a notice when an outcome completes.' },
      import_context: { type: 'boolean', description: 'Let agents read the synced messages as context.' },
      access_token: { type: 'string', minLength: 1, description: 'Bot token (stored encrypted, never returned).' },
    },
  },
  configureFields: ['channel', 'notify_on_completion', 'import_context'],
  secrets: [{ name: 'access_token', description: 'Bot token of the chat workspace (saved by /api/chat/integrations/chat/configure).', required: false }],
};
