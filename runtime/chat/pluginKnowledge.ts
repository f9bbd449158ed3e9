import type { KnowledgeBase as PluginKnowledgeBase } from '../../plugins/contract.js';
import type { KnowledgeBase } from './knowledgeBase.js';

/**
 * The knowledge base as a plugin sees it: bound to one workspace, passages with a rank instead of
 * a date field (the date travels in `metadata.date`). Plugins never reach storage directly.
 */
export function pluginKnowledge(knowledgeBase: KnowledgeBase, workspaceId: string): PluginKnowledgeBase {
  return {
    async search(query, options) {
      const passages = await knowledgeBase.search(workspaceId, query, options?.limit ?? 10);
      return passages.map((passage, index) => ({
        id: `${passage.source}:${passage.date ?? index}`,
        text: passage.text,
        source: passage.source,
        score: passages.length - index,
        ...(passage.date ? { metadata: { date: passage.date } } : {}),
      }));
    },
    async upsert(documents) {
      for (const document of documents) await knowledgeBase.addDocument(workspaceId, document.id, document.text);
    },
  };
}
