import type { ExecutionContext } from 'ava';
import { isPostgres, type Db } from '../../storage/db.js';
import { createRepositories } from '../../storage/index.js';
import { migrateLatest } from '../../storage/migrate.js';
import type { ToolConnectionRow } from '../../storage/repositories/toolConnections.js';
import { onEveryDatabase } from '../helpers/databases.js';
import { until } from '../helpers/until.js';

const at = '2026-01-01T00:00:00.000Z';
const tool = (name: string) => ({ name, model_name: `loop__${name}`, description: name, input_schema: {} });

function connection(id: string): ToolConnectionRow {
  return {
    id,
    workspace_id: 'ws_1',
    server_type: 'custom',
    server_name: 'loop',
    params: {},
    credentials: null,
    state: 'active',
    status_detail: { state: 'active', reason: null, next_retry_at: null, last_error: null },
    last_connected_at: at,
    created_at: at,
    updated_at: at,
  };
}

const disconnected = { state: 'disconnected' as const, status_detail: { state: 'disconnected' as const, reason: null, next_retry_at: null, last_error: null }, updated_at: at };

/**
 * A catalog is stored only for a connection that is still live: a discovery that finishes after
 * the disconnect (a slow tools/list, a list_changed refresh) must not bring the tools back.
 */
async function exercise(t: ExecutionContext, db: Db) {
  await migrateLatest(db);
  const repos = createRepositories(db);
  await repos.toolConnections.insert(connection('con_a'));
  const put = (tools = [tool('echo')]) => repos.toolCatalogs.put({ connection_id: 'con_a', workspace_id: 'ws_1', tools, ttl_ms: null, fetched_at: at });

  t.is((await put())!.version, 1);
  t.is((await put())!.version, 1, 'the same tools keep their version');
  t.is((await put([tool('echo'), tool('lookup')]))!.version, 2);

  // The disconnect's tick is under way (its row written, not committed) when a late discovery stores.
  const tick = await db.transaction();
  await repos.toolConnections.updateState('con_a', disconnected, tick);
  const late = put([tool('echo'), tool('late')]);
  if (isPostgres(db)) {
    // The late put waits for the tick's row lock; without it, it would store beside the deletion.
    await until(async () => {
      const waiting = await db.raw(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      return waiting.rows[0].n > 0;
    }, 'the late catalog write waiting for the disconnect');
  }
  await tick.commit();
  t.is(await late, undefined, 'nothing stored for a disconnected connection');
  t.is(await repos.toolCatalogs.get('con_a'), undefined);
  t.is(await put(), undefined);
  t.is(await repos.toolCatalogs.get('con_a'), undefined);
  t.is(await repos.toolCatalogs.put({ connection_id: 'con_gone', workspace_id: 'ws_1', tools: [tool('echo')], ttl_ms: null, fetched_at: at }), undefined, 'nor for one that was never stored');
}

onEveryDatabase('a tool catalog is stored only while its connection is live, even when a disconnect is mid-write', exercise);
