import type { Db } from '../db.js';
import { insertMany } from '../sql/insertMany.js';
import { parseJson } from '../sql/parseJson.js';
import { readInChunks } from '../sql/inChunks.js';

/** One approval an outcome asked for (issue 27); `resolution` is set once it was decided. */
export interface ActionRow {
  id: string;
  workspace_id: string;
  outcome_id: string;
  kind: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  summary: string;
  preview: Record<string, unknown>;
  requested_at: string;
  expires_at: string;
  on_expiry: string;
  resolution: Record<string, unknown> | null;
  /** SHA-256 (hex) of the signed approve and reject links; the tokens themselves are never stored. */
  approve_link_hash: string | null;
  reject_link_hash: string | null;
}

const columns = ['id', 'workspace_id', 'outcome_id', 'kind', 'status', 'summary', 'preview', 'requested_at', 'expires_at', 'on_expiry', 'resolution', 'approve_link_hash', 'reject_link_hash'] as const;
const stateColumns = ['status', 'summary', 'preview', 'expires_at', 'resolution', 'approve_link_hash', 'reject_link_hash'] as const;

function fromDb(row: Record<string, unknown>): ActionRow {
  return {
    id: String(row.id),
    workspace_id: String(row.workspace_id),
    outcome_id: String(row.outcome_id),
    kind: String(row.kind),
    status: String(row.status) as ActionRow['status'],
    summary: String(row.summary),
    preview: parseJson(row.preview, {}),
    requested_at: String(row.requested_at),
    expires_at: String(row.expires_at),
    on_expiry: String(row.on_expiry),
    resolution: parseJson(row.resolution, null),
    approve_link_hash: (row.approve_link_hash as string | null) ?? null,
    reject_link_hash: (row.reject_link_hash as string | null) ?? null,
  };
}

export interface ActionListFilter {
  status?: ActionRow['status'];
  /** Keyset position: rows strictly after this one (oldest first). */
  after?: { requestedAt: string; id: string };
  limit: number;
}

/** Approval actions and workspace approval policies. Reads are scoped by workspace. */
export function approvalsRepository(db: Db): ApprovalsRepository {
  return {
    /** Writes opened actions (a restored wait that opens the same action again writes the same row). */
    async upsertMany(rows: ActionRow[], trx: Db = db): Promise<void> {
      await insertMany(
        trx,
        'outcome_actions',
        columns,
        rows.map((row) => columns.map((column) => (column === 'preview' || column === 'resolution' ? (row[column] === null ? null : JSON.stringify(row[column])) : row[column]))),
        { keys: ['id'], update: stateColumns },
      );
    },
    async resolve(id: string, status: 'approved' | 'rejected' | 'cancelled', resolution: Record<string, unknown>, trx: Db = db): Promise<void> {
      await trx('outcome_actions').where({ id }).update({ status, resolution: JSON.stringify(resolution) });
    },
    async get(workspaceId: string, id: string): Promise<ActionRow | undefined> {
      const row = await db('outcome_actions').where({ workspace_id: workspaceId, id }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Any workspace's action (signed links carry no key; the token names the action). */
    async getAny(id: string): Promise<ActionRow | undefined> {
      const row = await db('outcome_actions').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Oldest first, by (requested_at, id): a keyset walk never repeats or skips a row. */
    async list(workspaceId: string, filter: ActionListFilter): Promise<ActionRow[]> {
      const query = db('outcome_actions').where({ workspace_id: workspaceId });
      if (filter.status) query.andWhere({ status: filter.status });
      if (filter.after) {
        const { requestedAt, id } = filter.after;
        query.andWhere((q) => q.where('requested_at', '>', requestedAt).orWhere((q2) => q2.where('requested_at', '=', requestedAt).andWhere('id', '>', id)));
      }
      const rows = await query.orderBy([{ column: 'requested_at', order: 'asc' }, { column: 'id', order: 'asc' }]).limit(filter.limit);
      return rows.map(fromDb);
    },
    /** An outcome's actions, oldest first. */
    async listForOutcome(outcomeId: string): Promise<ActionRow[]> {
      return (await db('outcome_actions').where({ outcome_id: outcomeId }).orderBy([{ column: 'requested_at' }, { column: 'id' }])).map(fromDb);
    },
    async policy(workspaceId: string): Promise<Record<string, unknown> | null> {
      const row = await db('workspace_approval_policies').where({ workspace_id: workspaceId }).first();
      return row ? parseJson(row.policy, null) : null;
    },
    async policies(workspaceIds: readonly string[]): Promise<Map<string, VersionedPolicy>> {
      const rows = await readInChunks(workspaceIds, (chunk) =>
        db('workspaces as w')
          .leftJoin('workspace_approval_policies as p', 'p.workspace_id', 'w.id')
          .whereIn('w.id', chunk)
          .select('w.id', 'w.approval_policy_version', 'p.policy'),
      );
      const found = new Map(rows.map((row: Record<string, unknown>) => [String(row.id), { policy: parseJson<Record<string, unknown> | null>(row.policy ?? null, null), version: Number(row.approval_policy_version) }]));
      return new Map(workspaceIds.map((id) => [id, found.get(id) ?? { policy: null, version: 0 }]));
    },
    async clearPolicy(workspaceId: string): Promise<void> {
      await db.transaction(async (trx) => {
        await bumpPolicyVersion(trx, workspaceId);
        await trx('workspace_approval_policies').where({ workspace_id: workspaceId }).delete();
      });
    },
    async setPolicy(workspaceId: string, policy: Record<string, unknown>, at: string): Promise<void> {
      await db.transaction(async (trx) => {
        await bumpPolicyVersion(trx, workspaceId);
        await trx('workspace_approval_policies').insert({ workspace_id: workspaceId, policy: JSON.stringify(policy), updated_at: at }).onConflict(['workspace_id']).merge(['policy', 'updated_at']);
      });
    },
  };
}

/** A workspace's default approval policy as read, with the version every write of it moves on (migration 170). */
export interface VersionedPolicy {
  policy: Record<string, unknown> | null;
  version: number;
}

/**
 * The workspace's row first (the row a deploy's admission reads, and locks on Postgres): a policy
 * write and a deploy of the workspace commit one after the other, whichever locks first.
 */
async function bumpPolicyVersion(trx: Db, workspaceId: string): Promise<void> {
  await trx('workspaces').where({ id: workspaceId }).increment('approval_policy_version', 1);
}

export interface ApprovalsRepository {
  /** Writes opened actions (a restored wait that opens the same action again writes the same row). */
  upsertMany(rows: ActionRow[], trx?: Db): Promise<void>;
  resolve(id: string, status: 'approved' | 'rejected' | 'cancelled', resolution: Record<string, unknown>, trx?: Db): Promise<void>;
  get(workspaceId: string, id: string): Promise<ActionRow | undefined>;
  /** Any workspace's action (signed links carry no key; the token names the action). */
  getAny(id: string): Promise<ActionRow | undefined>;
  /** Oldest first, by (requested_at, id): a keyset walk never repeats or skips a row. */
  list(workspaceId: string, filter: ActionListFilter): Promise<ActionRow[]>;
  /** An outcome's actions, oldest first. */
  listForOutcome(outcomeId: string): Promise<ActionRow[]>;
  policy(workspaceId: string): Promise<Record<string, unknown> | null>;
  /**
   * The default policies of these workspaces in one read (policy null where none is set), each
   * with its workspace's policy version (0 for a workspace not stored).
   */
  policies(workspaceIds: readonly string[]): Promise<Map<string, VersionedPolicy>>;
  /** Clears the default policy; adds one to the workspace's policy version in the same transaction. */
  clearPolicy(workspaceId: string): Promise<void>;
  /** Sets the default policy; adds one to the workspace's policy version in the same transaction. */
  setPolicy(workspaceId: string, policy: Record<string, unknown>, at: string): Promise<void>;
}
