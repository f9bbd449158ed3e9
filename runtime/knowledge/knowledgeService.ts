import type { KnowledgeBase as PluginKnowledgeBase } from '../../plugins/contract.js';
import type { ConversationCheckpointsRepository } from '../../storage/repositories/conversationCheckpoints.js';
import type { KnowledgeBaseRepository, KnowledgeHit } from '../../storage/repositories/knowledgeBase.js';
import type { Clock } from '../clock.js';
import type { KnowledgePassage } from '../../models/types.js';
import { conversationStore } from './conversations.js';
import { pluginKnowledge } from './pluginKnowledge.js';

export type { KnowledgePassage };

export interface KnowledgeServiceDeps {
  repo: KnowledgeBaseRepository;
  /** Where the read checkpoints of conversation channels are kept (beside their messages). */
  checkpoints: Pick<ConversationCheckpointsRepository, 'checkpoint' | 'checkpoints' | 'saveCheckpoint'>;
  clock: Clock;
}

function passageOf(hit: KnowledgeHit): KnowledgePassage {
  return hit.kind === 'message' ? { text: hit.text, source: `#${hit.channel_name ?? 'chat'}`, date: hit.posted_at } : { text: hit.text, source: hit.title, date: hit.posted_at };
}

/**
 * The workspace's knowledge base, a runtime service (DESIGN section 9): conversation messages a
 * plugin syncs in (the chat tool's) and named documents, full-text indexed (FTS5 on SQLite,
 * tsvector with a GIN index on Postgres), within the spec's caps and retention. Stages read it
 * (`search`, `resolveDocuments`); plugins get it bound to one workspace (`forWorkspace`, handed in
 * as `context.knowledge`). Every call is scoped by workspace.
 */
export function createKnowledgeService(deps: KnowledgeServiceDeps): KnowledgeService {
  const { repo, clock } = deps;
  const service = {
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
    /** The knowledge base as a plugin of `workspaceId` sees it (contract: KnowledgeBase). */
    forWorkspace(workspaceId: string): PluginKnowledgeBase {
      return { ...pluginKnowledge(service, workspaceId), conversations: conversationStore(deps, workspaceId) };
    },
  };
  return service;
}

export interface KnowledgeService {
  /** The best `limit` passages for a query (a brief), best first; [] when nothing matches. */
  search(workspaceId: string, query: string, limit?: number): Promise<KnowledgePassage[]>;
  /** Documents by name (case-insensitive), in the order asked; names not found are left out. */
  resolveDocuments(workspaceId: string, names: string[]): Promise<KnowledgePassage[]>;
  /** Stores (or replaces) a named document. */
  addDocument(workspaceId: string, name: string, text: string): Promise<void>;
  /** The knowledge base as a plugin of `workspaceId` sees it (contract: KnowledgeBase). */
  forWorkspace(workspaceId: string): PluginKnowledgeBase;
}
