import type { ConversationCheckpoint, ConversationMessage, ConversationStore } from '../../plugins/contract.js';
import type { ChannelCheckpoint, ConversationCheckpointsRepository } from '../../storage/repositories/conversationCheckpoints.js';
import type { KnowledgeBaseRepository, KnowledgeMessage } from '../../storage/repositories/knowledgeBase.js';
import type { Clock } from '../clock.js';
import { knowledgeLimits } from './limits.js';

/** The stores a conversation store reads and writes: messages, and the channels' read checkpoints. */
export interface ConversationStoreDeps {
  repo: KnowledgeBaseRepository;
  checkpoints: Pick<ConversationCheckpointsRepository, 'checkpoint' | 'checkpoints' | 'saveCheckpoint'>;
  clock: Clock;
}

function messageRow(workspaceId: string, message: ConversationMessage): KnowledgeMessage {
  const { source_id, ...rest } = message;
  return { workspace_id: workspaceId, team_id: source_id, ...rest };
}

function checkpointRow(workspaceId: string, checkpoint: ConversationCheckpoint): ChannelCheckpoint {
  const { source_id, ...rest } = checkpoint;
  return { workspace_id: workspaceId, team_id: source_id, ...rest };
}

function checkpointOf(row: ChannelCheckpoint): ConversationCheckpoint {
  const { workspace_id: _workspace, team_id, ...rest } = row;
  return { source_id: team_id, ...rest };
}

/**
 * The workspace's conversation messages as a plugin sees them (contract: ConversationStore). Every
 * row is stamped with `workspaceId` here, so a plugin cannot read or write another workspace's.
 */
export function conversationStore(deps: ConversationStoreDeps, workspaceId: string): ConversationStore {
  const { repo, checkpoints, clock } = deps;
  const now = () => clock.now().toISOString();
  return {
    async store(messages) {
      await repo.upsertMessages(
        messages.map((message) => messageRow(workspaceId, message)),
        now(),
      );
    },
    storePage: (messages, checkpoint) =>
      repo.storeSyncPage(
        messages.map((message) => messageRow(workspaceId, message)),
        checkpointRow(workspaceId, checkpoint),
        now(),
      ),
    async checkpoint(sourceId, channelId) {
      const row = await checkpoints.checkpoint(workspaceId, sourceId, channelId);
      return row ? checkpointOf(row) : undefined;
    },
    checkpoints: async (sourceId) => (await checkpoints.checkpoints(workspaceId, sourceId)).map(checkpointOf),
    saveCheckpoint: (checkpoint) => checkpoints.saveCheckpoint(checkpointRow(workspaceId, checkpoint)),
    countSince: (sourceId, channelId, sinceTs) => repo.countChannelSince(workspaceId, sourceId, channelId, sinceTs),
    activeThreads: (sourceId, channelId, sinceTs) => repo.activeThreads(workspaceId, sourceId, channelId, sinceTs),
    channelCounts: async (sourceId) => (await repo.channelCounts(workspaceId, sourceId)).map(({ channel_id, channel_name, message_count }) => ({ channel_id, channel_name, message_count })),
    async trimChannel(sourceId, channelId, keep) {
      await repo.trimChannel(workspaceId, sourceId, channelId, keep);
    },
    async enforceLimits(sourceId, olderThan) {
      await repo.trimWorkspace(workspaceId, knowledgeLimits.messagesPerWorkspace);
      return olderThan === undefined ? 0 : repo.deleteOlderThan(workspaceId, sourceId, olderThan);
    },
    purge: (sourceId) => repo.purgeTeam(workspaceId, sourceId),
  };
}
