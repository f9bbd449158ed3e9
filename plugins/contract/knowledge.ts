import type { ConversationStore } from './conversations.js';

/** One passage of the workspace's knowledge base. */
export interface KnowledgePassage {
  id: string;
  text: string;
  source: string;
  score: number;
  metadata?: Record<string, unknown>;
}

/** A document to add to the knowledge base (the chat sync ingests messages this way). */
export interface KnowledgeDocument {
  /** Stable id from the source (e.g. channel + message ts) so re-ingesting replaces, not doubles. */
  id: string;
  text: string;
  source: string;
  createdAt?: string;
  metadata?: Record<string, unknown>;
}

/**
 * The workspace's knowledge base (runtime/knowledge: synced conversation messages and named
 * documents, full-text indexed), scoped to the plugin's workspace by the runtime. `upsert` stores
 * documents by `id`: the same id replaces.
 */
export interface KnowledgeBase {
  search(query: string, options?: { limit?: number }): Promise<KnowledgePassage[]>;
  upsert(documents: KnowledgeDocument[]): Promise<void>;
  /** Messages synced from a conversation source (a chat workspace), with their read checkpoints. */
  conversations?: ConversationStore;
}
