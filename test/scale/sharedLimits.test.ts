import { spawn } from 'node:child_process';
import test from 'ava';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { postgresTest } from '../helpers/postgres.js';
import { redisTest, redisUrl } from '../helpers/redis.js';
import { freePort } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { startCluster, type Cluster } from './cluster.js';
import { crewdArgs } from '../helpers/compiledTree.js';

/** `crewd serve` from the transpiled tree (test/helpers/compiledTree.ts): half the CPU of a tsx start. */
const serveArgs = await crewdArgs(['serve']);

/**
 * Two processes on one database, shared by the tests below that need no setting of their own: each
 * makes its own workspace or starts its own extra process, and asserts only on those (a crewd
 * start costs about a CPU-second; each test had its own cluster).
 */
let shared: Promise<Cluster> | undefined;
const sharedCluster = () => (shared ??= startCluster(2));
test.after.always(async () => {
  if (shared) await (await shared).close();
});

postgresTest('61 requests on a 60-per-minute plan split across two processes give exactly one 429', async (t) => {
  const cluster = await sharedCluster();
  const [a, b] = cluster.nodes;
  const workspace = await cluster.workspace({ rpm: 60 });
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) statuses.push((await (i % 2 === 0 ? a! : b!).call('GET', '/v1/crews', { key: workspace.key })).status);
  t.is(statuses.filter((status) => status === 429).length, 1);
  t.is(statuses.at(-1), 429, 'the 61st request is the one refused');
  t.is(statuses.filter((status) => status === 200).length, 60);
});

redisTest('with CREWD_REDIS_URL the per-minute count lives in Redis: still exactly one 429 across two processes', async (t) => {
  const cluster = await startCluster(2, { CREWD_REDIS_URL: redisUrl });
  t.teardown(() => cluster.close());
  const [a, b] = cluster.nodes;
  const workspace = await cluster.workspace({ rpm: 60 });
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) statuses.push((await (i % 2 === 0 ? a! : b!).call('GET', '/v1/crews', { key: workspace.key })).status);
  t.is(statuses.filter((status) => status === 429).length, 1);
  // Counted in Redis, not in the database table.
  t.is(Number((await cluster.db('rate_limits').where('key', 'like', `%${workspace.id}%`).count({ n: '*' }))[0]!.n), 0);
});

postgresTest('/readyz names the roles; a worker-only process answers nothing but probes and metrics', async (t) => {
  const cluster = await sharedCluster();
  const apiOnly = await cluster.start(['--no-worker']);
  const workerOnly = await cluster.start(['--no-api']);
  t.deepEqual((await cluster.nodes[0]!.call('GET', '/readyz')).body.roles, { api: true, worker: true });
  const api = await apiOnly.call('GET', '/readyz');
  t.is(api.status, 200);
  t.is(api.body.status, 'ready');
  t.deepEqual(api.body.roles, { api: true, worker: false });
  t.deepEqual((await workerOnly.call('GET', '/readyz')).body.roles, { api: false, worker: true });
  const refused = await workerOnly.call('GET', '/v1/crews');
  t.is(refused.status, 404);
  t.regex(refused.body.error.message, /--no-api/);
  t.is((await apiOnly.call('GET', '/v1/crews')).status, 200);
});

postgresTest('a process whose secrets key is not the database\'s refuses to start with one line naming CREWD_SECRET_KEY', async (t) => {
  const cluster = await sharedCluster();
  const dataDir = tempDir('crewd-badkey-');
  const child = spawn(process.execPath, serveArgs, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, CREWD_DATABASE_URL: cluster.databaseUrl, CREWD_SECRET_KEY: randomBytes(32).toString('base64'), CREWD_DATA_DIR: dataDir, PORT: String(await freePort()), CREWD_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  t.is(code, 2);
  const lines = stderr.trim().split('\n');
  t.is(lines.length, 1, stderr);
  t.regex(lines[0]!, /CREWD_SECRET_KEY/);
  // The first process still serves.
  t.is((await cluster.nodes[0]!.call('GET', '/v1/crews')).status, 200);
});
