import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ExecutionContext } from 'ava';
import test from 'ava';
import { manualClock } from '../../runtime/clock.js';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { crewdArgs } from '../helpers/compiledTree.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * A key used (so the server caches it), then revoked by `crewd keys revoke` in another process:
 * the running server refuses it. Its clock stands still, so the key cache never expires by time;
 * only the revocation version the server polls can drop the key.
 */
async function revokedByCli(t: ExecutionContext, server: TestServer, env: Record<string, string>) {
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'to revoke', permissions: ['crews:read'] } });
  t.is((await server.call('GET', '/v1/crews', { key: created.body.secret })).status, 200);
  const { stdout } = await run(process.execPath, await crewdArgs(['keys', 'revoke', created.body.key_id, '--json']), {
    cwd: root,
    env: { ...process.env, CREWD_LOG_LEVEL: 'silent', ...env },
  });
  t.true(JSON.parse(stdout).revoked);
  const refused = await until(async () => {
    const res = await server.call('GET', '/v1/crews', { key: created.body.secret });
    return res.status === 401 ? res : undefined;
  }, 'the running server to refuse the revoked key');
  t.is(refused.body.error.details.reason, 'api_key_revoked');
}

test('a key revoked through the CLI stops working at once in a running server on SQLite', async (t) => {
  const server = await startServer({}, { clock: manualClock(new Date()) });
  t.teardown(() => server.close());
  await revokedByCli(t, server, { CREWD_DATA_DIR: server.dataDir });
});

postgresTest('a key revoked through the CLI stops working at once in a running server on Postgres', async (t) => {
  const pg = await createPostgresDatabase();
  const server = await startServer({ CREWD_DATABASE_URL: pg.url }, { clock: manualClock(new Date()) });
  t.teardown(async () => {
    await server.close();
    await pg.drop();
  });
  await revokedByCli(t, server, { CREWD_DATABASE_URL: pg.url, CREWD_DATA_DIR: server.dataDir });
});
