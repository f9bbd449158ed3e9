import { waitFor } from 'xstate';
import type { Repositories } from '../../storage/index.js';
import type { ActorHost } from '../actors/actorHost.js';
import { ActorOwnedElsewhereError } from '../actors/actorOwnedElsewhereError.js';
import type { ToolCatalogRow } from '../../storage/repositories/toolCatalogs.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import type { Clock } from '../clock.js';
import { errors, ServiceError } from '../errors.js';
import type { IdGenerator } from '../ids.js';
import type { SecretCipher } from '../secrets/cipher.js';
import { connectError } from './connectError.js';
import { validateConnectRequest, type ConnectRequest } from './connectRequest.js';
import { connectionView, type ToolConnectionView } from './connectionView.js';
import type { LiveConnections } from './liveConnections.js';
import type { ToolOAuth } from './oauth/toolOAuth.js';
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
  actors: Pick<ActorHost, 'flushed'>;
  oauth?: ToolOAuth | undefined;
}

/** What a connect answers: connected with its catalog, or (OAuth) waiting for the user to authorize. */
export type ConnectAnswer =
  | { connection: ToolConnectionView; catalog: ToolCatalogRow; authorization?: undefined }
  | { connection: ToolConnectionView; catalog?: undefined; authorization: { authorization_url: string; expires_at: string } };

/**
 * The user's commands on tool connections, run through the toolConnection actor on the actor
 * host. `connect` answers only after the first attempt settled and was stored: active, or nothing
 * stored and a 4xx/5xx (see connectError). `disconnect` ends a connection of the workspace and
 * cleans up its data; another workspace's id is a 404.
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

  /** The end of a connection whose actor does not run here: written directly (catalog deleted with it). */
  async function endStored(row: ToolConnectionRow): Promise<void> {
    await repos.toolConnections.updateState(row.id, { state: 'disconnected', status_detail: { ...row.status_detail, state: 'disconnected', next_retry_at: null }, updated_at: now() });
  }

  return {
    /** Connects and waits for the first answer; a failure leaves nothing behind and is a 4xx/5xx. */
    async connect(workspaceId: string, body: ConnectRequest): Promise<ConnectAnswer> {
      validateConnectRequest(body, deps);
      const oauth = body.auth === 'oauth' ? deps.oauth : undefined;
      if (body.auth === 'oauth' && !oauth?.available()) {
        throw new ServiceError(400, 'oauth_not_available', 'auth: "oauth" needs CREWD_PUBLIC_URL, the address browsers reach this service at (the authorization server sends the user back there).', { field: 'auth' });
      }
      await live.ensureWorkspace(workspaceId);
      const row = newRow(workspaceId, body);
      if (!(await repos.toolConnections.insert(row))) {
        throw errors.conflict('connection_exists', `A connection of type ${body.server_type} named ${body.server_name} already exists in this workspace.`, {
          server_type: body.server_type,
          server_name: body.server_name,
        });
      }
      let actor: Awaited<ReturnType<LiveConnections['startActor']>>;
      try {
        if (oauth) await oauth.create(workspaceId, row.id, String(row.params.url), body.oauth);
        actor = await live.startActor(row, false);
      } catch (error) {
        await oauth?.remove(row.id);
        await repos.toolConnections.remove(row.id);
        throw error;
      }
      const settled = await waitFor(actor, (s) => !s.matches('connecting'));
      // Its state and catalog are stored before the answer (or before they are removed).
      await deps.actors.flushed();
      // The server asked for authorization and the SDK built the URL: the connection waits for the user.
      const authorization = !settled.matches('active') ? await oauth?.pending(row.id) : undefined;
      if (authorization) {
        const stored = (await repos.toolConnections.get(workspaceId, row.id))!;
        return { connection: connectionView(stored, undefined, 0, live.get(row.id)), authorization };
      }
      if (!settled.matches('active')) {
        const failure = live.get(row.id)?.lastFailure();
        await live.machine.retire(row.id);
        await live.forget(row.id);
        // The row first: a discovery still finishing stores no catalog for a connection that is gone.
        await repos.toolConnections.remove(row.id);
        await repos.toolCatalogs.remove(row.id);
        await oauth?.remove(row.id);
        throw connectError(failure, body);
      }
      const stored = (await repos.toolConnections.get(workspaceId, row.id))!;
      const catalog = (await repos.toolCatalogs.get(row.id))!;
      return { connection: connectionView(stored, catalog, 0, live.get(row.id)), catalog };
    },

    /**
     * Ends a connection: its actor is sent DISCONNECT (loaded when at rest), the tick that stores
     * `disconnected` also deletes its catalog, then the actor is retired. A connection whose actor
     * another process runs (Postgres) is ended in storage here; that process ends its actor when
     * the cluster signal reaches it.
     */
    async disconnect(workspaceId: string, connectionId: string): Promise<void> {
      const row = await repos.toolConnections.get(workspaceId, connectionId);
      if (!row || row.state === 'disconnected') throw errors.notFound('Tool connection', { connection_id: connectionId });
      await live.ensureWorkspace(workspaceId);
      if (!(await repos.actors.get(connectionId))) {
        await endStored(row);
      } else {
        try {
          await live.machine.send(connectionId, { type: 'DISCONNECT' });
          await deps.actors.flushed();
          await live.machine.retire(connectionId);
        } catch (error) {
          if (!(error instanceof ActorOwnedElsewhereError)) throw error;
          await endStored(row);
        }
      }
      await live.forget(connectionId);
      // Its tokens go with it: nothing is left that could still reach the server.
      await deps.oauth?.remove(connectionId);
    },

    /**
     * After the user authorized an OAuth connection (the callback stored its tokens): its chart,
     * resting in `error` (auth_required), is replaced by a new one that connects with the tokens.
     * Answers the state it settled in.
     */
    async authorized(workspaceId: string, connectionId: string): Promise<'active' | 'error' | 'gone'> {
      const row = await repos.toolConnections.get(workspaceId, connectionId);
      if (!row || row.state === 'disconnected') return 'gone';
      await live.ensureWorkspace(workspaceId);
      await live.machine.retire(connectionId);
      await live.forget(connectionId);
      const detail = { state: 'connecting' as const, reason: null, next_retry_at: null, last_error: null };
      await repos.toolConnections.updateState(connectionId, { state: 'connecting', status_detail: detail, updated_at: now() });
      const actor = await live.startActor({ ...row, state: 'connecting', status_detail: detail }, false);
      const settled = await waitFor(actor, (s) => !s.matches('connecting'));
      await deps.actors.flushed();
      return settled.matches('active') ? 'active' : 'error';
    },
  };
}
