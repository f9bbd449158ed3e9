import type { ChatApi } from './chatApi.js';
import type { ChatErrors } from './chatErrors.js';

/**
 * Who the token is, checked against the `team_id` the caller named. Invariant: resolves only when
 * the token belongs to that chat workspace; otherwise a 400 on field `team_id` (reason
 * `team_mismatch`). A dead token fails in `authTest` as a ChatApiError.
 */
export async function checkTeam(api: ChatApi, errors: Pick<ChatErrors, 'invalidRequest'>, teamId: string) {
  const who = await api.authTest();
  if (who.teamId !== teamId) {
    throw errors.invalidRequest(`Field 'team_id' does not match the token's chat workspace.`, { field: 'team_id', reason: 'team_mismatch' });
  }
  return who;
}
