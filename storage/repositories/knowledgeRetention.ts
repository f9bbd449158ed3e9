import type { Db } from '../db.js';
import { conversationCheckpointsRepository } from './conversationCheckpoints.js';

/** What removes messages from the knowledge base (one part of KnowledgeBaseRepository). */
export interface KnowledgeRetention {
  /** Keeps the `max` newest messages of a channel. */
  trimChannel: (workspaceId: string, teamId: string, channelId: string, max: number) => Promise<number>;
  /** Keeps the `max` newest messages of the workspace (all teams). */
  trimWorkspace: (workspaceId: string, max: number) => Promise<number>;
  /** Retention: removes the team's messages posted before `cutoff` (ISO). */
  deleteOlderThan(workspaceId: string, teamId: string, cutoff: string): Promise<number>;
  /** Removes every message synced from the team, and its channels' read checkpoints, in one transaction. */
  purgeTeam(workspaceId: string, teamId: string): Promise<number>;
}

/**
 * The knowledge base's message limits and removals; each returns how many messages it removed.
 * Documents are never removed here. Deletes need not pass the known-empty memo of the writes: a
 * delete cannot make an empty workspace hold an entry.
 */
export function createKnowledgeRetention(db: Db): KnowledgeRetention {
  const entries = () => db('knowledge_entries');

  /** Deletes the messages of `scope` beyond the `keep` newest (by ts). */
  async function keepNewest(scope: Record<string, string>, keep: number): Promise<number> {
    const edge = await entries().where({ ...scope, kind: 'message' }).orderBy([{ column: 'ts', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(keep).first('ts', 'id');
    if (!edge) return 0;
    const deleted = await entries()
      .where({ ...scope, kind: 'message' })
      .andWhere((q) => q.where('ts', '<', edge.ts).orWhere((q2) => q2.where('ts', '=', edge.ts).andWhere('id', '<=', edge.id)))
      .delete();
    return Number(deleted);
  }

  return {
    trimChannel: (workspaceId, teamId, channelId, max) => keepNewest({ workspace_id: workspaceId, team_id: teamId, channel_id: channelId }, max),
    trimWorkspace: (workspaceId, max) => keepNewest({ workspace_id: workspaceId }, max),

    async deleteOlderThan(workspaceId, teamId, cutoff) {
      return Number(await entries().where({ workspace_id: workspaceId, team_id: teamId, kind: 'message' }).andWhere('posted_at', '<', cutoff).delete());
    },

    async purgeTeam(workspaceId, teamId) {
      return db.transaction(async (trx) => {
        await conversationCheckpointsRepository(trx).removeSource(workspaceId, teamId);
        return Number(await trx('knowledge_entries').where({ workspace_id: workspaceId, team_id: teamId, kind: 'message' }).delete());
      });
    },
  };
}
