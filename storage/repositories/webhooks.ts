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
  /** Only events stored after this position are sent to the webhook. */
  since_position: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export type WebhookPatch = Partial<Pick<WebhookRow, 'events' | 'active' | 'description' | 'debug' | 'since_position'>> & { updated_at: string };

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
    since_position: Number(row.since_position),
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
export function webhooksRepository(db: Db) {
  return {
    async insert(row: WebhookRow): Promise<void> {
      await db('webhooks').insert(toDb(row));
    },
    async get(workspaceId: string, id: string): Promise<WebhookRow | undefined> {
      const row = await db('webhooks').where({ workspace_id: workspaceId, id }).whereNull('deleted_at').first();
      return row ? fromDb(row) : undefined;
    },
    /** Any webhook, deleted ones included (the dispatcher decides what a deleted one means). */
    async getAny(id: string): Promise<WebhookRow | undefined> {
      const row = await db('webhooks').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    async getMany(ids: string[]): Promise<WebhookRow[]> {
      if (ids.length === 0) return [];
      return (await db('webhooks').whereIn('id', ids)).map(fromDb);
    },
    /** Oldest first. */
    async list(workspaceId: string): Promise<WebhookRow[]> {
      const rows = await db('webhooks').where({ workspace_id: workspaceId }).whereNull('deleted_at').orderBy([{ column: 'created_at' }, { column: 'id' }]);
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
    async markDeleted(workspaceId: string, id: string, at: string): Promise<boolean> {
      const updated = await db('webhooks').where({ workspace_id: workspaceId, id }).whereNull('deleted_at').update({ deleted_at: at, updated_at: at, active: false });
      return Number(updated) === 1;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
