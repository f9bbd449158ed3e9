import { ConfigError, type Config } from '../../runtime/config.js';
import { isScope, scopes, type Scope } from '../../runtime/auth/scopes.js';
import { crewStatuses, type CrewStatus } from '../../runtime/crewCatalog.js';
import { isCrewId } from '../../crews/index.js';
import type { AdminRuntime } from './adminRuntime.js';
import { apiKeyView } from '../../http/views/apiKey.js';
import type { Clock } from '../../runtime/clock.js';
import { print, table } from './output.js';
import { UsageError, type Flags } from './usage.js';

export { UsageError, type Flags };

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function optionalInt(flags: Flags, name: string): number | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number`);
  return Number(value);
}

/**
 * The database's parts for one command, loaded when a command runs (not for `--help` or a mistyped
 * command): not the whole service, which cost every admin command about 1 CPU-s (./adminRuntime.ts).
 */
async function withRuntime<T>(config: Config, clock: Clock, fn: (runtime: AdminRuntime) => Promise<T>): Promise<T> {
  const { openAdminRuntime } = await import('./adminRuntime.js');
  const runtime = await openAdminRuntime(config, clock);
  try {
    return await fn(runtime);
  } finally {
    await runtime.close();
  }
}

/** Operator commands that work on the database directly (no server needed). */
export const adminCommands: Record<string, (config: Config, args: string[], flags: Flags, json: boolean, clock: Clock) => Promise<void>> = {
  async migrate(config, _args, flags, json) {
    const [{ openDb }, { migrateDownAll, migrateLatest, migrationStatus }, { builtInPlugins }, { pluginMigrations }] = await Promise.all([
      import('../../storage/db.js'),
      import('../../storage/migrate.js'),
      import('../../plugins/index.js'),
      import('../compose/attachPlugins.js'),
    ]);
    const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    // The built-in plugins' tables migrate with the service's, as at start.
    const plugins = pluginMigrations(builtInPlugins());
    try {
      if (flags.down) {
        const names = await migrateDownAll(db, plugins);
        print(json, { rolled_back: names }, () => (names.length ? `rolled back: ${names.join(', ')}` : 'nothing to roll back'));
      } else if (flags.status) {
        const status = await migrationStatus(db, plugins);
        print(json, status, () => `completed: ${status.completed.join(', ') || '-'}\npending: ${status.pending.join(', ') || '-'}`);
      } else {
        const names = await migrateLatest(db, plugins);
        print(json, { applied: names }, () => (names.length ? `applied: ${names.join(', ')}` : 'already up to date'));
      }
    } finally {
      await db.destroy();
    }
  },

  async 'workspaces create'(config, _args, flags, json, clock) {
    const credits = flags.credits === 'unlimited' ? null : optionalInt(flags, 'credits');
    await withRuntime(config, clock, async (runtime) => {
      const row = await runtime.workspaces.create({
        name: required(flags, 'name'),
        plan: required(flags, 'plan'),
        ...(credits !== undefined ? { credits } : {}),
        ...(optionalInt(flags, 'rpm') !== undefined ? { requestsPerMinute: optionalInt(flags, 'rpm')! } : {}),
        ...(optionalInt(flags, 'concurrency') !== undefined ? { concurrentOutcomes: optionalInt(flags, 'concurrency')! } : {}),
      });
      print(json, row, () => `created workspace ${row.name} ${row.id} (${row.plan})`);
    });
  },

  async 'workspaces list'(config, _args, _flags, json, clock) {
    await withRuntime(config, clock, async (runtime) => {
      const rows = await runtime.repos.workspaces.list();
      print(json, { workspaces: rows }, () => table(rows, ['id', 'name', 'plan', 'credits_remaining', 'requests_per_minute', 'concurrent_outcomes']));
    });
  },

  async 'keys create'(config, _args, flags, json, clock) {
    const permissions = (typeof flags.permissions === 'string' ? flags.permissions : scopes.join(','))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = permissions.find((scope) => !isScope(scope));
    if (bad) throw new UsageError(`unknown permission "${bad}"; choose from ${scopes.join(', ')}`);
    const expiresAt = typeof flags['expires-at'] === 'string' ? flags['expires-at'] : undefined;
    if (expiresAt !== undefined && Number.isNaN(Date.parse(expiresAt))) throw new UsageError('--expires-at takes an ISO 8601 timestamp');
    await withRuntime(config, clock, async (runtime) => {
      const workspace = required(flags, 'workspace');
      const found = (await runtime.repos.workspaces.get(workspace)) ?? (await runtime.repos.workspaces.findByName(workspace));
      if (!found) throw new UsageError(`no workspace with id or name "${workspace}"`);
      const { row, secret } = await runtime.keys.create({
        workspaceId: found.id,
        name: required(flags, 'name'),
        permissions: permissions as Scope[],
        expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
      });
      const view = { key_id: row.id, workspace_id: row.workspace_id, name: row.name, permissions: row.permissions, expires_at: row.expires_at, secret };
      print(json, view, () => `created ${row.id} in ${found.name}; secret (shown once):\n${secret}`);
    });
  },

  async 'keys list'(config, _args, flags, json, clock) {
    await withRuntime(config, clock, async (runtime) => {
      const workspace = typeof flags.workspace === 'string' ? flags.workspace : undefined;
      const found = workspace ? ((await runtime.repos.workspaces.get(workspace)) ?? (await runtime.repos.workspaces.findByName(workspace))) : undefined;
      if (workspace && !found) throw new UsageError(`no workspace with id or name "${workspace}"`);
      // GET /v1/api-keys's shape (key_id, ...), plus the workspace since this lists every workspace.
      const rows = (await runtime.repos.apiKeys.listActive(found?.id)).map((row) => ({ ...apiKeyView(row, row.last_used_at), workspace_id: row.workspace_id }));
      print(json, { api_keys: rows }, () => table(rows, ['key_id', 'workspace_id', 'name', 'prefix', 'permissions', 'last_used_at', 'expires_at']));
    });
  },

  async 'keys revoke'(config, args, _flags, json, clock) {
    const keyId = args[0];
    if (!keyId) throw new UsageError('usage: crewd keys revoke KEY_ID');
    await withRuntime(config, clock, async (runtime) => {
      const row = await runtime.repos.apiKeys.getAny(keyId);
      if (!row || row.revoked_at) throw new UsageError(`no active key ${keyId}`);
      await runtime.keys.revoke(keyId);
      print(json, { key_id: keyId, revoked: true }, () => `revoked ${keyId}`);
    });
  },

  /** Unfinished actors (restored at the next start): id, machine, state value, status, age. */
  async actors(config, _args, _flags, json, clock) {
    await withRuntime(config, clock, async (runtime) => {
      const now = clock.now().getTime();
      const rows = (await runtime.repos.actors.listActiveSummary()).map((row) => ({
        id: row.id,
        machine: row.machine,
        state: row.state_value,
        status: row.status,
        age_seconds: Math.max(0, Math.round((now - Date.parse(row.created_at)) / 1000)),
        updated_at: row.updated_at,
      }));
      print(json, { actors: rows, count: rows.length }, () => table(rows, ['id', 'machine', 'state', 'status', 'age_seconds', 'updated_at']));
    });
  },

  async 'crews set-status'(config, args, flags, json, clock) {
    const [crewId, status] = args;
    if (!crewId || !status) throw new UsageError('usage: crewd crews set-status CREW STATUS [--until TIMESTAMP]');
    if (!isCrewId(crewId)) throw new UsageError(`unknown crew "${crewId}"; choose writer, mind or pilot`);
    if (!(crewStatuses as readonly string[]).includes(status)) throw new UsageError(`unknown status "${status}"; choose ${crewStatuses.join(', ')}`);
    const until = typeof flags.until === 'string' ? flags.until : null;
    if (until !== null && Number.isNaN(Date.parse(until))) throw new UsageError('--until takes an ISO 8601 timestamp');
    await withRuntime(config, clock, async (runtime) => {
      const state = await runtime.crews.setStatus(crewId, status as CrewStatus, until ? new Date(until).toISOString() : null);
      const view = { crew: crewId, status: state.status, estimated_availability: state.estimatedAvailability };
      print(json, view, () => `${crewId}: ${state.status}${state.estimatedAvailability ? ` until ${state.estimatedAvailability}` : ''}`);
    });
  },
};

export { ConfigError };
