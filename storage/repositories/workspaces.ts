import type { Db } from '../db.js';

export interface WorkspaceRow {
  id: string;
  name: string;
  plan: string;
  credits_remaining: number | null;
  requests_per_minute: number;
  concurrent_outcomes: number;
  created_at: string;
}

function fromDb(row: Record<string, unknown>): WorkspaceRow {
  return {
    id: String(row.id),
    name: String(row.name),
    plan: String(row.plan),
    credits_remaining: row.credits_remaining === null || row.credits_remaining === undefined ? null : Number(row.credits_remaining),
    requests_per_minute: Number(row.requests_per_minute),
    concurrent_outcomes: Number(row.concurrent_outcomes),
    created_at: String(row.created_at),
  };
}

/** Workspaces: the tenant every key, outcome and event belongs to. */
export function workspacesRepository(db: Db): WorkspacesRepository {
  return {
    async insert(row: WorkspaceRow): Promise<void> {
      await db('workspaces').insert(row);
    },
    async get(id: string): Promise<WorkspaceRow | undefined> {
      const row = await db('workspaces').where({ id }).first();
      return row ? fromDb(row) : undefined;
    },
    async findByName(name: string): Promise<WorkspaceRow | undefined> {
      const row = await db('workspaces').where({ name }).first();
      return row ? fromDb(row) : undefined;
    },
    async list(): Promise<WorkspaceRow[]> {
      return (await db('workspaces').orderBy('created_at')).map(fromDb);
    },
  };
}

export interface WorkspacesRepository {
  insert(row: WorkspaceRow): Promise<void>;
  get(id: string): Promise<WorkspaceRow | undefined>;
  findByName(name: string): Promise<WorkspaceRow | undefined>;
  list(): Promise<WorkspaceRow[]>;
}
