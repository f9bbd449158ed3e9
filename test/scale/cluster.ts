import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import knex, { type Knex } from 'knex';
import { scopes } from '../../runtime/auth/scopes.js';
import { loadConfig } from '../../runtime/config.js';
import type { Runtime } from '../../app/createRuntime.js';
import { createLogger } from '../../runtime/logger.js';
import { createPostgresDatabase } from '../helpers/postgres.js';
import { startServing, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';

export interface Node {
  url: string;
  child: ChildProcess;
  dataDir: string;
  call(method: string, urlPath: string, options?: { body?: unknown; key?: string }): Promise<{ status: number; body: any; headers: Headers }>;
}

export interface Cluster {
  databaseUrl: string;
  /** The all-scope key of workspace `default` (enterprise plan). */
  key: string;
  /** Direct access to the shared database, for assertions. */
  db: Knex;
  nodes: Node[];
  /** Starts one more `crewd serve` process on the database (its own data directory and port). */
  start(args?: string[], env?: Record<string, string>): Promise<Node>;
  /** A workspace with its own plan limits and an all-scope key, made as `crewd workspaces create` does. */
  workspace(options: { rpm?: number; concurrency?: number }): Promise<{ id: string; key: string }>;
  /** Runs `fn` on a runtime that serves nothing, as the admin CLI does. */
  admin<T>(fn: (runtime: Runtime) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A fresh Postgres database and `crewd serve` child processes on it, each with its own data
 * directory and port and the same secrets key, as an operator runs N processes (issue 16).
 * `database`: another database to use (a private cluster's), dropped by `close()` the same way.
 */
export async function startCluster(count: number, env: Record<string, string> = {}, database?: { url: string; drop(): Promise<void> }): Promise<Cluster> {
  const pg = database ?? (await createPostgresDatabase({ migrated: true }));
  const key = env.CREWD_BOOTSTRAP_KEY ?? `crew_sk_scale${randomBytes(12).toString('hex')}`;
  const secretKey = randomBytes(32).toString('base64');
  const baseEnv = { CREWD_DATABASE_URL: pg.url, CREWD_BOOTSTRAP_KEY: key, CREWD_SECRET_KEY: secretKey, CREWD_ALLOW_PRIVATE_URLS: '1', CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,200', ...env };
  const db = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 2 } });
  const nodes: Node[] = [];

  async function start(args: string[] = [], extra: Record<string, string> = {}): Promise<Node> {
    const dataDir = tempDir('crewd-scale-');
    const { child, url } = await startServing(args, { CREWD_LOG_LEVEL: 'warn', HOST: '127.0.0.1', CREWD_DATA_DIR: dataDir, ...baseEnv, ...extra });
    const node: Node = {
      url,
      child,
      dataDir,
      async call(method, urlPath, options = {}) {
        const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? key}` };
        if (options.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(url + urlPath, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
        const text = await response.text();
        return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
      },
    };
    nodes.push(node);
    return node;
  }

  /** Runs `fn` on a runtime that serves nothing, as the admin CLI (`crewd workspaces create`, ...) does. */
  async function admin<T>(fn: (runtime: Runtime) => Promise<T>): Promise<T> {
    const config = loadConfig({ ...baseEnv, CREWD_DATA_DIR: tempDir('crewd-admin-'), CREWD_LOG_LEVEL: 'silent' });
    // Loaded on first use: most scale tests never call admin, and the service costs a test file about
    // 1.4 to 2.3 CPU-s to load.
    const { createRuntime } = await import('../../app/createRuntime.js');
    const runtime = await createRuntime(config, { bootstrap: false, runActors: false, logger: createLogger('silent') });
    try {
      return await fn(runtime);
    } finally {
      await runtime.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  }

  // One after the other: the first one migrates the database and writes the key check.
  for (let i = 0; i < count; i++) await start();

  return {
    databaseUrl: pg.url,
    key,
    db,
    nodes,
    start,
    workspace(options) {
      return admin(async (runtime) => {
        const row = await runtime.workspaces.create({ name: `ws-${randomBytes(4).toString('hex')}`, plan: 'starter', credits: null, ...(options.rpm ? { requestsPerMinute: options.rpm } : {}), ...(options.concurrency ? { concurrentOutcomes: options.concurrency } : {}) });
        const { secret } = await runtime.keys.create({ workspaceId: row.id, name: 'scale test', permissions: [...scopes], expiresAt: null });
        return { id: row.id, key: secret };
      });
    },
    admin,
    async close() {
      await Promise.all(nodes.map((node) => stopProcess(node.child)));
      for (const node of nodes) fs.rmSync(node.dataDir, { recursive: true, force: true });
      await db.destroy();
      await pg.drop();
    },
  };
}
