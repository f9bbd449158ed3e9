import { definePlugin } from '../contract.js';
import { attachChat } from './attach.js';
import { registerChatTools } from './chatTools.js';
import { chatIntegrationsMigration } from './migrations/007_chat_integrations.js';
import { chatManifest } from './manifest.js';

export { completionNotice } from './chatTools.js';

/**
 * The chat plugin, whole (plugins/README.md): its tools and `notify_chat` flag (chatTools.ts),
 * its table (migrations/), and, once attached at start, its sync runner and job, its /api/chat
 * endpoints and their errors (attach.ts). Nothing outside this folder names it.
 */
export const chatPlugin = definePlugin({
  manifest: chatManifest,
  register: registerChatTools,
  migrations: [chatIntegrationsMigration],
  attach: attachChat,
});
