import type { ActionRow } from '../../storage/repositories/approvals.js';

/** One approval action (GET /v1/actions, a decision's answer): the action, and its answer once decided. */
export function actionView(row: ActionRow): Record<string, unknown> {
  const resolution = row.resolution as { decision?: string; decided_by?: unknown; decided_at?: string; comment?: string | null; content_edited?: boolean } | null;
  return {
    id: row.id,
    outcome_id: row.outcome_id,
    kind: row.kind,
    status: row.status,
    summary: row.summary,
    preview: row.preview,
    requested_at: row.requested_at,
    expires_at: row.expires_at,
    on_expiry: row.on_expiry,
    decision: resolution?.decision ?? null,
    decided_by: resolution?.decided_by ?? null,
    decided_at: resolution?.decided_at ?? null,
    comment: resolution?.comment ?? null,
    content_edited: resolution?.content_edited ?? false,
  };
}

export function encodeActionCursor(row: { requested_at: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.requested_at, row.id])).toString('base64url');
}

export function decodeActionCursor(cursor: string): { requestedAt: string; id: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') return { requestedAt: value[0], id: value[1] };
  } catch {
    // fall through
  }
  return null;
}
