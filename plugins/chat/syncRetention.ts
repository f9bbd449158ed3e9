import type { ConversationStore, PluginClock } from '../contract.js';
import { isoToTs, tsToIso } from './messageFilter.js';

/** The chat ts below which messages are past retention: `retentionDays` before the clock's now. */
export function retentionTs(clock: PluginClock, retentionDays: number): string {
  return isoToTs(new Date(clock.now().getTime() - retentionDays * 86_400_000));
}

/**
 * The caps and retention applied at the end of a run. Invariants: the workspace keeps at most the
 * knowledge base's cap of messages (the newest), then the team's messages older than `retention`
 * are deleted; resolves with the number deleted by retention only.
 */
export async function enforceRetention(conversations: ConversationStore, teamId: string, retention: string): Promise<number> {
  return conversations.enforceLimits(teamId, tsToIso(retention));
}
