import type { ChatIntegrationRow, ChatIntegrationsRepository } from '../../storage/repositories/chatIntegrations.js';
import { errors } from '../errors.js';

/**
 * The workspace's integration with chat workspace `teamId`. Invariant: never resolves without a
 * row; a team the crewd workspace has not configured is a 404 naming `team_id`, whatever another
 * workspace holds.
 */
export async function ownIntegration(integrations: ChatIntegrationsRepository, workspaceId: string, teamId: string): Promise<ChatIntegrationRow> {
  const row = await integrations.get(workspaceId, teamId);
  if (!row) throw errors.notFound(`Chat integration for team ${teamId}`, { team_id: teamId });
  return row;
}
