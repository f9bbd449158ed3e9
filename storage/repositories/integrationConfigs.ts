import type { Db } from '../db.js';
import { parseJson } from './chunks.js';

/** A workspace's saved configuration of one integration; `secrets` is an encrypted token. */
export interface IntegrationConfigRow {
  workspace_id: string;
  integration_id: string;
  settings: Record<string, unknown>;
  secrets: string | null;
  created_at: string;
  updated_at: string;
}

function fromDb(row: Record<string, unknown>): IntegrationConfigRow {
  return {
    workspace_id: String(row.workspace_id),
    integration_id: String(row.integration_id),
    settings: parseJson(row.settings, {}),
    secrets: (row.secrets as string | null) ?? null,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

export function integrationConfigsRepository(db: Db): IntegrationConfigsRepository {
  return {
    async get(workspaceId: string, integrationId: string): Promise<IntegrationConfigRow | undefined> {
      const row = await db('integration_configs').where({ workspace_id: workspaceId, integration_id: integrationId }).first();
      return row ? fromDb(row) : undefined;
    },
    async list(workspaceId: string): Promise<IntegrationConfigRow[]> {
      return (await db('integration_configs').where({ workspace_id: workspaceId })).map(fromDb);
    },
    /** Every workspace's configuration of one integration (plugin jobs run per configured workspace). */
    async listByIntegration(integrationId: string): Promise<IntegrationConfigRow[]> {
      return (await db('integration_configs').where({ integration_id: integrationId }).orderBy('workspace_id')).map(fromDb);
    },
    async upsert(row: IntegrationConfigRow): Promise<void> {
      await db('integration_configs')
        .insert({ ...row, settings: JSON.stringify(row.settings) })
        .onConflict(['workspace_id', 'integration_id'])
        .merge(['settings', 'secrets', 'updated_at']);
    },
  };
}

export interface IntegrationConfigsRepository {
  get(workspaceId: string, integrationId: string): Promise<IntegrationConfigRow | undefined>;
  list(workspaceId: string): Promise<IntegrationConfigRow[]>;
  /** Every workspace's configuration of one integration (plugin jobs run per configured workspace). */
  listByIntegration(integrationId: string): Promise<IntegrationConfigRow[]>;
  upsert(row: IntegrationConfigRow): Promise<void>;
}
