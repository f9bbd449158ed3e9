import type { ApprovalLinks } from './approvalLinks.js';

/** The path a signed approval link opens (GET: a confirm page; POST: the decision). */
export function linkPath(token: string): string {
  return `/v1/approval-links/${token}`;
}

/**
 * The data of `outcome.action_required` as webhook payloads carry it: the stored data plus
 * `approve_url` and `reject_url`, single-use signed links (approvalLinks.ts). Only webhooks carry
 * them: the stream and the event log are read with an `outcomes:read` key, which must not be
 * enough to decide. Every other event's data is passed through unchanged.
 */
export function withApprovalLinks(links: ApprovalLinks): (kind: string, data: unknown, baseUrl: string) => unknown {
  return (kind, data, baseUrl) => {
    if (kind !== 'outcome.action_required') return data;
    const action = (data as { action?: { id?: unknown; expires_at?: unknown } }).action;
    if (typeof action?.id !== 'string' || typeof action.expires_at !== 'string') return data;
    const claims = { actionId: action.id, expiresAt: action.expires_at };
    return {
      ...(data as Record<string, unknown>),
      approve_url: baseUrl + linkPath(links.sign({ ...claims, decision: 'approve' })),
      reject_url: baseUrl + linkPath(links.sign({ ...claims, decision: 'reject' })),
    };
  };
}
