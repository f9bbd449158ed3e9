import type { ConversationStore, PluginContext } from '../contract.js';

/**
 * The workspace's conversation store. Invariant: the chat sync and ingest never run without one;
 * a runtime that gives the plugin no knowledge base is a wiring fault, not a user's error.
 */
export function conversationsOf(context: PluginContext): ConversationStore {
  const store = context.knowledge?.conversations;
  if (!store) throw new Error('chat plugin: the runtime handed in no knowledge base with a conversation store');
  return store;
}
