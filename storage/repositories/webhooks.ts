import type { Db } from '../db.js';
import { parseJson } from './chunks.js';

/** A registered webhook. `secret` is the encrypted token; the plain secret never reaches storage. */
export interface WebhookRow {
  id: string;
  workspace_id: string;
  url: string;
  events: string[];
  secret: string;
  description: string;
  active: boolean;
  debug: boolean;
  /** The secret replaced by the last rotation (encrypted), signed with beside `secret` until it expires. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** Only events stored after this position are sent to the webhook. */
  since_position: number;
  /** Why the service switched the webhook off (a `410 Gone`); null otherwise, cleared when switched on. */
  disabled_reason: string | null;
  disabled_at: string | null;
  /** Set: only this outcome's events are delivered (an A2A push config); null: the workspace's. */
  outcome_id: string | null;
  /** The A2A push config's token (encrypted), sent as `X-A2A-Notification-Token`; null otherwise. */
  notification_token: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export type WebhookPatch = Partial<
  Pick<WebhookRow, 'url' | 'events' | 'active' | 'description' | 'debug' | 'since_position' | 'secret' | 'previous_secret' | 'previous_secret_expires_at' | 'disabled_reason' | 'disabled_at'>
> & { updated_at: string };

/** A keyset position in the list order (created_at, id). */
export interface WebhookListAfter {
  createdAt: string;
  id: string;
}

function fromDb(row: Record<string, unknown>): WebhookRow {
  return {
    id: String(row.id),
    workspace_id: String(row.workspace_id),
    url: String(row.url),
    events: parseJson<string[]>(row.events, []),
    secret: String(row.secret),
    description: String(row.description ?? ''),
    active: Boolean(row.active),
    debug: Boolean(row.debug),
    previous_secret: (row.previous_secret as string | null) ?? null,
    previous_secret_expires_at: (row.previous_secret_expires_at as string | null) ?? null,
    since_position: Number(row.since_position),
    disabled_reason: (row.disabled_reason as string | null) ?? null,
    disabled_at: (row.disabled_at as string | null) ?? null,
    outcome_id: (row.outcome_id as string | null) ?? null,
    notification_token: (row.notification_token as string | null) ?? null,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    deleted_at: (row.deleted_at as string | null) ?? null,
  };
}

function toDb(patch: Partial<WebhookRow>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...patch };
  if (patch.events) out.events = JSON.stringify(patch.events);
  return out;
}

/** Webhooks of a workspace. Reads are scoped by workspace; a deleted webhook is "not there". */
export function webhooksRepository(db: Db): WebhooksRepository {
  return {
    async insert(row: WebhookRow): Promise<void> {
      await db('webhooks').insert(toDb(row));
    },
    async get(workspaceId: string, id: string): Promise<WebhookRow | undefined> {
      const row = await db('webhooks').where({ workspace_id: workspaceId, id }).whereNull('deleted_at').first();
      return row ? fromDb(row) : undefined;
    },
    /** This workspace's webhook, deleted or not (a deleted webhook's delivery history stays readable). */
    async getIncludingDeleted(workspaceId: string, id: string): Promise<WebhookRow | undefined> {
      const row = await db('webhooks').where({ workspace_id: workspaceId, id }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Undeleted webhooks of the workspace (the per-workspace cap counts these). */
    async count(workspaceId: string): Promise<number> {
      const row = await db('webhooks').where({ workspace_id: workspaceId }).whereNull('deleted_at').count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    /** Any webhook, deleted ones included (the dispatcher decides what a deleted one means). */
    async getAny(id: string): Promise<WebhookRow | undefined> {
      const row = await db('webhooks').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    /** Oldest first, `limit` rows after the keyset position `after`. */
    async list(workspaceId: string, page: { limit: number; after?: WebhookListAfter }): Promise<WebhookRow[]> {
      const query = db('webhooks').where({ workspace_id: workspaceId }).whereNull('deleted_at');
      if (page.after) {
        const { createdAt, id } = page.after;
        query.andWhere((q) => q.where('created_at', '>', createdAt).orWhere((q2) => q2.where('created_at', createdAt).andWhere('id', '>', id)));
      }
      const rows = await query.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(page.limit);
      return rows.map(fromDb);
    },
    /** Undeleted webhooks scoped to the outcome (its A2A push configs), oldest first. */
    async listForOutcome(workspaceId: string, outcomeId: string): Promise<WebhookRow[]> {
      const rows = await db('webhooks').where({ workspace_id: workspaceId, outcome_id: outcomeId }).whereNull('deleted_at').orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return rows.map(fromDb);
    },
    /** Active, undeleted webhooks of these workspaces: the fan-out candidates. */
    async listActive(workspaceIds: string[]): Promise<WebhookRow[]> {
      if (workspaceIds.length === 0) return [];
      const rows = await db('webhooks').whereIn('workspace_id', workspaceIds).where({ active: true }).whereNull('deleted_at');
      return rows.map(fromDb);
    },
    async update(workspaceId: string, id: string, patch: WebhookPatch): Promise<boolean> {
      const updated = await db('webhooks').where({ workspace_id: workspaceId, id }).whereNull('deleted_at').update(toDb(patch));
      return Number(updated) === 1;
    },
    /**
     * Switches an active, undeleted webhook off with a reason, in `trx` when given; false when it
     * was already off or deleted (so the caller records the change once).
     */
    async disable(id: string, reason: string, at: string, trx: Db = db): Promise<boolean> {
      const updated = await trx('webhooks').where({ id, active: true }).whereNull('deleted_at').update({ active: false, disabled_reason: reason, disabled_at: at, updated_at: at });
      return Number(updated) === 1;
    },
    async markDeleted(workspaceId: string, id: string, at: string): Promise<boolean> {
      const updated = await db('webhooks').where({ workspace_id: workspaceId, id }).whereNull('deleted_at').update({ deleted_at: at, updated_at: at, active: false });
      return Number(updated) === 1;
    },
  };
}

export interface WebhooksRepository {
  insert(row: WebhookRow): Promise<void>;
  get(workspaceId: string, id: string): Promise<WebhookRow | undefined>;
  /** This workspace's webhook, deleted or not (a deleted webhook's delivery history stays readable). */
  getIncludingDeleted(workspaceId: string, id: string): Promise<WebhookRow | undefined>;
  /** Undeleted webhooks of the workspace (the per-workspace cap counts these). */
  count(workspaceId: string): Promise<number>;
  /** Any webhook, deleted ones included (the dispatcher decides what a deleted one means). */
  getAny(id: string): Promise<WebhookRow | undefined>;
  /** Oldest first, `limit` rows after the keyset position `after`. */
  list(workspaceId: string, page: { limit: number; after?: WebhookListAfter }): Promise<WebhookRow[]>;
  /** Undeleted webhooks scoped to the outcome (its A2A push configs), oldest first. */
  listForOutcome(workspaceId: string, outcomeId: string): Promise<WebhookRow[]>;
  /** Active, undeleted webhooks of these workspaces: the fan-out candidates. */
  listActive(workspaceIds: string[]): Promise<WebhookRow[]>;
  update(workspaceId: string, id: string, patch: WebhookPatch): Promise<boolean>;
  /**
   * Switches an active, undeleted webhook off with a reason, in `trx` when given; false when it
   * was already off or deleted (so the caller records the change once).
   */
  disable(id: string, reason: string, at: string, trx?: Db): Promise<boolean>;
  markDeleted(workspaceId: string, id: string, at: string): Promise<boolean>;
}
