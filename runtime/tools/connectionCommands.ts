import type { Repositories } from '../../storage/index.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { Clock } from '../clock.js';
import { errors } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { connectError } from './connectError.js';
import { validateConnectRequest, type ConnectRequest } from './connectRequest.js';
import { connectionView, type ToolConnectionView } from './connectionView.js';
import type { LiveConnections } from './liveConnections.js';
import type { PluginRegistry } from '../../plugins/registry.js';
import type { ToolSettings } from './settings.js';

export interface ConnectionCommandsDeps {
  repos: Repositories;
  registry: PluginRegistry;
  settings: ToolSettings;
  cipher: SecretCipher;
  clock: Clock;
  ids: IdGenerator;
  live: LiveConnections;
}

/**
 * The user's commands on tool connections. `connect` answers only after the first attempt
 * settled: active, or nothing stored and a 4xx/5xx (see connectError). `disconnect` ends a
 * connection of the workspace and cleans up its data; another workspace's id is a 404.
 */
export function createConnectionCommands(deps: ConnectionCommandsDeps) {
  const { repos, live } = deps;
  const now = () => deps.clock.now().toISOString();

  function newRow(workspaceId: string, body: ConnectRequest): ToolConnectionRow {
    const at = now();
    const credentials = body.credentials ?? {};
    return {
      id: deps.ids.uuid(),
      workspace_id: workspaceId,
      server_type: body.server_type,
      server_name: body.server_name,
      params: body.params ?? {},
      credentials: Object.keys(credentials).length > 0 ? deps.cipher.encrypt(JSON.stringify(credentials)) : null,
      state: 'connecting',
      status_detail: { state: 'connecting', reason: null, next_retry_at: null, last_error: null },
      last_connected_at: null,
      created_at: at,
      updated_at: at,
    };
  }

  return {
    /** Connects and waits for the first answer; a failure leaves nothing behind and is a 4xx/5xx. */
    async connect(workspaceId: string, body: ConnectRequest): Promise<{ connection: ToolConnectionView; catalog: ToolCatalogRow }> {
      validateConnectRequest(body, deps);
      await live.ensureWorkspace(workspaceId);
      const row = newRow(workspaceId, body);
      if (!(await repos.toolConnections.insert(row))) {
        throw errors.conflict('connection_exists', `A connection of type ${body.server_type} named ${body.server_name} already exists in this workspace.`, {
          server_type: body.server_type,
          server_name: body.server_name,
        });
      }
      const connection = live.open(row, false);
      const state = await connection.settled();
      if (state !== 'active') {
        const failure = connection.lastFailure();
        await connection.stop();
        live.forget(row.id);
        await repos.toolCatalogs.remove(row.id);
        await repos.toolConnections.remove(row.id);
        throw connectError(failure, body);
      }
      await connection.flushed();
      const stored = (await repos.toolConnections.get(workspaceId, row.id))!;
      const catalog = (await repos.toolCatalogs.get(row.id))!;
      return { connection: connectionView(stored, catalog, 0, live.get(row.id)), catalog };
    },

    async disconnect(workspaceId: string, connectionId: string): Promise<void> {
      const row = await repos.toolConnections.get(workspaceId, connectionId);
      if (!row || row.state === 'disconnected') throw errors.notFound('Tool connection', { connection_id: connectionId });
      await live.ensureWorkspace(workspaceId);
      const connection = live.get(connectionId);
      if (connection) {
        connection.disconnect();
        await connection.flushed();
      } else {
        // Never opened in this process (an error row): record the end and clean up directly.
        await repos.toolConnections.updateState(connectionId, { state: 'disconnected', status_detail: { ...row.status_detail, state: 'disconnected', next_retry_at: null }, updated_at: now() });
        await repos.toolCatalogs.remove(connectionId);
      }
    },
  };
}
