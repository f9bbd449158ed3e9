import type { KnowledgeBaseRepository, KnowledgeHit } from '../../storage/repositories/knowledgeBase.js';
import type { Clock } from '../clock.js';

import type { KnowledgePassage } from '../models/types.js';

export type { KnowledgePassage };

function passageOf(hit: KnowledgeHit): KnowledgePassage {
  return hit.kind === 'message' ? { text: hit.text, source: `#${hit.channel_name ?? 'chat'}`, date: hit.posted_at } : { text: hit.text, source: hit.title, date: hit.posted_at };
}

/**
 * The workspace's knowledge base for agents: ranked retrieval over synced chat messages and named
 * documents, and `context_documents` resolved by name. Every call is scoped by workspace.
 */
export function createKnowledgeBase(repo: KnowledgeBaseRepository, clock: Clock) {
  return {
    /** The best `limit` passages for a query (a brief), best first; [] when nothing matches. */
    async search(workspaceId: string, query: string, limit = 5): Promise<KnowledgePassage[]> {
      return (await repo.search(workspaceId, query, limit)).map(passageOf);
    },
    /** Documents by name (case-insensitive), in the order asked; names not found are left out. */
    async resolveDocuments(workspaceId: string, names: string[]): Promise<KnowledgePassage[]> {
      return (await repo.documentsByName(workspaceId, names)).map((doc) => ({ text: doc.text, source: doc.name, date: doc.posted_at }));
    },
    /** Stores (or replaces) a named document. */
    async addDocument(workspaceId: string, name: string, text: string): Promise<void> {
      await repo.upsertDocument(workspaceId, name, text, clock.now().toISOString());
    },
  };
}

export type KnowledgeBase = ReturnType<typeof createKnowledgeBase>;
