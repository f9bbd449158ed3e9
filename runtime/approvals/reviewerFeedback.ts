import type { RevisionInput } from '../../models/types.js';
import type { Repositories } from '../../storage/index.js';

/**
 * The reviewer's word on a rejected result (issue 27), for the retry that runs the last stage
 * again: the newest rejected `approve_result` action's comment as feedback on the draft it
 * rejected. Undefined when the outcome has none (or it was rejected without a comment).
 */
export async function reviewerFeedback(repos: Pick<Repositories, 'approvals'>, outcomeId: string): Promise<RevisionInput | undefined> {
  const rejected = (await repos.approvals.listForOutcome(outcomeId)).filter((row) => row.kind === 'approve_result' && row.status === 'rejected').at(-1);
  const comment = (rejected?.resolution as { comment?: unknown } | null)?.comment;
  if (!rejected || typeof comment !== 'string' || comment.trim() === '') return undefined;
  return { feedback: comment, requirements: {}, previousContent: String((rejected.preview as { content?: unknown }).content ?? '') };
}
