import type { OutcomeRow } from '../../storage/repositories/outcomes.js';

/**
 * An outcome waiting for a person (issue 27) as an MCP task: `input_required`, the 2025-11-25
 * tasks status for "the receiver needs input", with a status message naming the action and the
 * tool that answers it (`resolve_action`). Undefined for an outcome that is not waiting.
 */
export function approvalTaskStatus(row: OutcomeRow): { status: 'input_required'; statusMessage: string } | undefined {
  const action = row.pending_action as { id?: string; kind?: string; summary?: string } | null | undefined;
  if (row.status !== 'processing' || !action?.id) return undefined;
  return { status: 'input_required', statusMessage: `${action.kind}: ${action.summary ?? ''} (answer with resolve_action {"action_id":"${action.id}"})` };
}
