import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { loadConfig } from '../runtime/config.js';
import { createRuntime } from '../app/createRuntime.js';
import { createLogger } from '../runtime/logger.js';

/**
 * Scale-out on Postgres (issue 16, docs/scale-out.md):
 * - completed outcomes per second with 1, 2 and 4 real `crewd serve` processes on one database
 *   (local model, no think time), deploys spread round robin over HTTP, from the first deploy to
 *   the last `outcome.completed` committed;
 * - database statements (round trips) per completed outcome, counted on knex's query event in
 *   one in-process runtime on Postgres (LISTEN/NOTIFY notices ride a separate connection: one
 *   `SELECT pg_notify(...)` per committed tick, not counted here).
 * Needs Postgres at CREWD_BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */

const adminUrl = process.env.CREWD_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
const outcomesPerRun = Number(process.env.CREWD_BENCH_SCALE_OUTCOMES ?? 400);
const bootstrapKey = `crew_sk_bench${randomBytes(10).toString('hex')}`;
const secretKey = randomBytes(32).toString('base64');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  const name = `crewd_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.raw(`CREATE DATABASE ${name}`);
  return {
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

async function serve(databaseUrl: string): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-scale-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/cli/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, CREWD_DATABASE_URL: databaseUrl, CREWD_BOOTSTRAP_KEY: bootstrapKey, CREWD_SECRET_KEY: secretKey, CREWD_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', CREWD_LOG_LEVEL: 'error', CREWD_LOCAL_MODEL_DELAY_MS: '0' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`crewd serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('crewd serve did not start');
}

const briefs = ['Write a blog post about the benefits of remote work for software teams', 'A short note on keeping release notes readable for customers'];

async function deployAll(urls: string[], count: number, parallel: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        const url = urls[index % urls.length]!;
        for (;;) {
          const response = await fetch(`${url}/v1/crews/writer/deploy`, {
            method: 'POST',
            headers: { authorization: `Bearer ${bootstrapKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ brief: `${briefs[index % briefs.length]} (${index})` }),
          });
          const body = (await response.json()) as { outcome_id?: string };
          if (response.status === 201) {
            ids.push(body.outcome_id!);
            break;
          }
          // The workspace's line is full (429): wait for slots like a client honouring Retry-After.
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    }),
  );
  return ids;
}

async function completed(db: Knex, ids: string[]): Promise<number> {
  const [row] = await db('events').whereIn('outcome_id', ids).andWhere({ kind: 'outcome.completed' }).count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** Outcomes completed per second with `processes` serve processes on one fresh database. */
async function throughput(processes: number): Promise<number> {
  const database = await freshDatabase();
  const nodes: Array<Awaited<ReturnType<typeof serve>>> = [];
  const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  try {
    for (let i = 0; i < processes; i++) nodes.push(await serve(database.url));
    const started = performance.now();
    const ids = await deployAll(nodes.map((node) => node.url), outcomesPerRun, 32);
    while ((await completed(db, ids)) < ids.length) await new Promise((resolve) => setTimeout(resolve, 100));
    return ids.length / ((performance.now() - started) / 1000);
  } finally {
    await db.destroy();
    await Promise.all(
      nodes.map(async (node) => {
        const exited = new Promise((resolve) => node.child.once('exit', resolve));
        node.child.kill('SIGTERM');
        await exited;
        fs.rmSync(node.dataDir, { recursive: true, force: true });
      }),
    );
    await database.drop();
  }
}

/** Statements sent per completed outcome by one in-process runtime on Postgres. */
async function roundTrips(): Promise<number> {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-scale-'));
  const config = loadConfig({ CREWD_DATABASE_URL: database.url, CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrapKey, CREWD_SECRET_KEY: secretKey, CREWD_LOG_LEVEL: 'silent', PORT: '0' });
  const runtime = await createRuntime(config, { logger: createLogger('silent') });
  try {
    const url = await runtime.listen();
    const count = 200;
    let statements = 0;
    const onQuery = () => void (statements += 1);
    runtime.db.on('query', onQuery);
    const ids = await deployAll([url], count, 16);
    // Polled on its own connection, so the poll is not counted.
    const poll = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    while ((await completed(poll, ids)) < ids.length) await new Promise((resolve) => setTimeout(resolve, 100));
    await poll.destroy();
    runtime.db.off('query', onQuery);
    return statements / count;
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

export async function benchScale(): Promise<Record<string, number | string>> {
  const one = await throughput(1);
  const two = await throughput(2);
  const four = await throughput(4);
  const trips = await roundTrips();
  return {
    [`outcomes/s, 1 process (${outcomesPerRun} outcomes)`]: one.toFixed(1),
    [`outcomes/s, 2 processes`]: `${two.toFixed(1)} (${(two / one).toFixed(2)}x)`,
    [`outcomes/s, 4 processes`]: `${four.toFixed(1)} (${(four / one).toFixed(2)}x)`,
    'db statements per completed outcome (1 process)': trips.toFixed(1),
    load: os.loadavg().map((value) => value.toFixed(2)).join(' '),
  };
}
