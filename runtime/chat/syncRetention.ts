import type { KnowledgeBaseRepository } from '../../storage/repositories/knowledgeBase.js';
import type { Clock } from '../clock.js';
import { chatLimits } from './chatConfiguration.js';
import { isoToTs, tsToIso } from './messageFilter.js';

/** The chat ts below which messages are past retention: `retentionDays` before the clock's now. */
export function retentionTs(clock: Clock, retentionDays: number): string {
  return isoToTs(new Date(clock.now().getTime() - retentionDays * 86_400_000));
}

/**
 * The caps and retention applied at the end of a run. Invariants: the workspace keeps at most
 * `chatLimits.messagesPerWorkspace` messages (the newest), then the team's messages older than
 * `retention` are deleted; resolves with the number deleted by retention only.
 */
export async function enforceRetention(kb: KnowledgeBaseRepository, workspaceId: string, teamId: string, retention: string): Promise<number> {
  await kb.trimWorkspace(workspaceId, chatLimits.messagesPerWorkspace);
  return kb.deleteOlderThan(workspaceId, teamId, tsToIso(retention));
}
