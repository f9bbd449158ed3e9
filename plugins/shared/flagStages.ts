import type { CrewId } from '../contract.js';

/**
 * Where a flag runs in each crew: writer publishes, mind syncs, pilot files tickets (issue-like
 * integrations) or plans the release (documents and messages).
 */
export function flagStages(kind: 'tickets' | 'documents'): Record<CrewId, string> {
  return { writer: 'publishing', mind: 'integration_sync', pilot: kind === 'tickets' ? 'ticket_creation' : 'release_planning' };
}
