import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { loadConfig, type Config } from '../../runtime/config.js';
import type { Runtime, RuntimeOptions } from '../../app/createRuntime.js';
import { createLogger } from '../../runtime/logger.js';

export interface TestServer {
  url: string;
  /** The all-scope bootstrap key of workspace `default`. */
  key: string;
  workspaceId: string;
  runtime: Runtime;
  dataDir: string;
  /** fetch against the server with the bootstrap key (or `key`), JSON in and out. */
  call(method: string, urlPath: string, options?: { body?: unknown; key?: string | null; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'crewd-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Starts the real service on an ephemeral loopback port with a temporary SQLite file (or the
 * Postgres database in `env.CREWD_DATABASE_URL`). `env` overrides the environment the config reads.
 */
export async function startServer(env: Record<string, string> = {}, options: RuntimeOptions = {}): Promise<TestServer> {
  const dataDir = env.CREWD_DATA_DIR ?? tempDir();
  const key = env.CREWD_BOOTSTRAP_KEY ?? `crew_sk_test${Math.random().toString(36).slice(2).padEnd(20, 'x')}`;
  const config: Config = loadConfig({ CREWD_ALLOW_PRIVATE_URLS: '1', CREWD_LOG_LEVEL: 'silent', ...env, CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, PORT: '0', HOST: '127.0.0.1' });
  // Loaded here, not at the top: the many files that take only `tempDir` from this helper (the crash,
  // scale and storage tests, whose services run in child processes or not at all) would otherwise load
  // the whole service, about 1.4 to 2.3 CPU-s per test file.
  const { createRuntime } = await import('../../app/createRuntime.js');
  const runtime = await createRuntime(config, { logger: createLogger(config.logLevel), ...options });
  const url = await runtime.listen();
  const workspace = await runtime.repos.workspaces.findByName('default');
  return {
    url,
    key,
    workspaceId: workspace!.id,
    runtime,
    dataDir,
    async call(method, urlPath, callOptions = {}) {
      const headers: Record<string, string> = { ...(callOptions.headers ?? {}) };
      const bearer = callOptions.key === undefined ? key : callOptions.key;
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      let body: string | undefined;
      if (callOptions.body !== undefined) {
        body = typeof callOptions.body === 'string' ? callOptions.body : JSON.stringify(callOptions.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(url + urlPath, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON; keep the text
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async close() {
      await runtime.close();
      if (!env.CREWD_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server for the tests of a file that do not need their own (no server-wide setting, no count
 * of the whole server's state): started on first use, closed after the file's tests. A server
 * costs a test file about 0.35 CPU-s to start and 0.7 more for its model worker's boot on its
 * first outcome. Tests that share one run concurrently: each makes its own outcomes, keys and
 * workspaces (distinct names) and reads only those.
 */
export function sharedServer(start: () => Promise<TestServer> = () => startServer()): () => Promise<TestServer> {
  let pending: Promise<TestServer> | undefined;
  test.after.always(async () => {
    if (pending) await (await pending.catch(() => undefined))?.close();
  });
  return () => (pending ??= start());
}
