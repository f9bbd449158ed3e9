import type { KnowledgeBase as PluginKnowledgeBase } from '../../plugins/contract.js';
import type { KnowledgePassage } from '../../models/types.js';

/** What the plugin view is built on (the knowledge service's search and documents). */
export interface KnowledgeSearch {
  search(workspaceId: string, query: string, limit?: number): Promise<KnowledgePassage[]>;
  addDocument(workspaceId: string, name: string, text: string): Promise<void>;
}

/**
 * Search and documents as a plugin sees them: bound to one workspace, passages with a rank instead
 * of a date field (the date travels in `metadata.date`). Plugins never reach storage directly.
 */
export function pluginKnowledge(knowledge: KnowledgeSearch, workspaceId: string): Pick<PluginKnowledgeBase, 'search' | 'upsert'> {
  return {
    async search(query, options) {
      const passages = await knowledge.search(workspaceId, query, options?.limit ?? 10);
      return passages.map((passage, index) => ({
        id: `${passage.source}:${passage.date ?? index}`,
        text: passage.text,
        source: passage.source,
        score: passages.length - index,
        ...(passage.date ? { metadata: { date: passage.date } } : {}),
      }));
    },
    async upsert(documents) {
      for (const document of documents) await knowledge.addDocument(workspaceId, document.id, document.text);
    },
  };
}
