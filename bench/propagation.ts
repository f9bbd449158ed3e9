import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { loadConfig } from '../runtime/config.js';
import { createRuntime } from '../app/createRuntime.js';
import { createLogger } from '../runtime/logger.js';

/**
 * How fast a change made on one process reaches another on the same Postgres (docs/scale-out.md):
 * a revoked key refused by the other process (its key cache holds keys 30 s; the revocation poll
 * is 1 s) and a crew put in maintenance by the admin CLI shown by the other process (its catalog
 * refreshes every 5 s; a notice should beat that). The suite checks that both reach the other
 * process (test/scale/propagation.test.ts); how fast is measured here, where load cannot fail a
 * test. Needs Postgres at CREWD_BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
const adminUrl = process.env.CREWD_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
const samples = 5;
const key = `crew_sk_bench${randomBytes(10).toString('hex')}`;
const env = { CREWD_BOOTSTRAP_KEY: key, CREWD_SECRET_KEY: randomBytes(32).toString('base64'), CREWD_LOG_LEVEL: 'error' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function serve(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/cli/main.ts', 'serve'], { cwd: root, env: { ...process.env, ...env, CREWD_DATABASE_URL: databaseUrl, CREWD_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (child.exitCode !== null) throw new Error(`crewd serve exited with ${child.exitCode}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return { child, url };
  }
  throw new Error('crewd serve did not start');
}

/** Milliseconds until `probe` holds, asked every 10 ms (at most 60 s). */
async function msUntil(probe: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > 60_000) throw new Error('no propagation within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

const call = (url: string, method: string, route: string, bearer = key, body?: unknown) =>
  fetch(url + route, { method, headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

export async function benchPropagation(): Promise<Record<string, number | string>> {
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  const name = `crewd_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.raw(`CREATE DATABASE ${name}`);
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-propagation-')));
  const a = await serve(databaseUrl, dirs[0]!);
  const b = await serve(databaseUrl, dirs[1]!);
  const cli = await createRuntime(loadConfig({ ...env, CREWD_DATABASE_URL: databaseUrl, CREWD_DATA_DIR: dirs[2]!, CREWD_LOG_LEVEL: 'silent' }), { bootstrap: false, runActors: false, logger: createLogger('silent') });
  try {
    const revoked: number[] = [];
    const crews: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const created = (await (await call(a.url, 'POST', '/v1/api-keys', key, { name: `short-lived ${i}`, permissions: ['crews:read'] })).json()) as { key_id: string; secret: string };
      await call(b.url, 'GET', '/v1/crews', created.secret); // cached on B
      await call(a.url, 'DELETE', `/v1/api-keys/${created.key_id}`);
      revoked.push(await msUntil(async () => (await call(b.url, 'GET', '/v1/crews', created.secret)).status === 401));

      const status = i % 2 === 0 ? 'maintenance' : 'available';
      await call(b.url, 'GET', '/v1/crews'); // read (cached) on B
      await cli.crews.setStatus('writer', status, null);
      crews.push(await msUntil(async () => {
        const body = (await (await call(b.url, 'GET', '/v1/crews')).json()) as { crews: Array<{ id?: string; crew_id?: string; status: string }> };
        return body.crews.find((crew) => (crew.id ?? crew.crew_id) === 'writer')?.status === status;
      }));
    }
    return {
      [`revoked key refused on the other process, median of ${samples} (ms)`]: Math.round(median(revoked)),
      'revoked key refused on the other process, slowest (ms)': Math.round(Math.max(...revoked)),
      [`crew status shown by the other process, median of ${samples} (ms)`]: Math.round(median(crews)),
      'crew status shown by the other process, slowest (ms)': Math.round(Math.max(...crews)),
    };
  } finally {
    await cli.close();
    for (const node of [a, b]) node.child.kill('SIGTERM');
    await Promise.all([a, b].map((node) => new Promise((resolve) => (node.child.exitCode !== null ? resolve(null) : node.child.once('exit', resolve)))));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
}
