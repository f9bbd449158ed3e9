import { publicStatus, type ToolConnectionStatusDetail } from '../../machines/toolConnection.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { LiveConnection } from './liveConnection.js';

/** What a connection looks like to the API (the spec's Tool connection plus `status_detail`). */
export interface ToolConnectionView {
  id: string;
  workspace_id: string;
  server_type: string;
  server_name: string;
  connection_status: 'active' | 'error' | 'disconnected';
  status_detail: ToolConnectionStatusDetail;
  available_tools: Array<{ name: string; description: string; model_name: string }>;
  total_tool_calls: number;
  last_connected_at: string | null;
  created_at: string;
  /** An `{auth: "oauth"}` connection waiting for its user: the authorization URL to open. */
  authorization_url?: string;
}

/**
 * A stored connection as the API shows it. While its actor runs in this process, the actor's
 * state wins over the stored one (it may be a tick ahead); otherwise the row is what its owner
 * last stored.
 */
export function connectionView(row: ToolConnectionRow, catalog: ToolCatalogRow | undefined, calls: number, live: LiveConnection | undefined): ToolConnectionView {
  const detail = live?.statusFrom === 'actor' && row.state !== 'disconnected' ? live.detail() : (row.status_detail as ToolConnectionStatusDetail);
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    server_type: row.server_type,
    server_name: row.server_name,
    connection_status: publicStatus(detail.state),
    status_detail: detail,
    available_tools: (catalog?.tools ?? []).map((tool) => ({ name: tool.name, description: tool.description, model_name: tool.model_name })),
    total_tool_calls: calls,
    last_connected_at: row.last_connected_at,
    created_at: row.created_at,
  };
}
