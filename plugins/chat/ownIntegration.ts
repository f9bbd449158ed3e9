import type { ChatErrors } from './chatErrors.js';
import type { ChatTeam, ChatTeamStore } from './teamStore.js';

/**
 * The workspace's integration with chat workspace `teamId`. Invariant: never resolves without a
 * row; a team the crewd workspace has not configured is a 404 naming `team_id`, whatever another
 * workspace holds.
 */
export async function ownIntegration(integrations: Pick<ChatTeamStore, 'get'>, errors: Pick<ChatErrors, 'notFound'>, workspaceId: string, teamId: string): Promise<ChatTeam> {
  const row = await integrations.get(workspaceId, teamId);
  if (!row) throw errors.notFound(`Chat integration for team ${teamId}`, { team_id: teamId });
  return row;
}
