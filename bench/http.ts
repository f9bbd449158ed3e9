import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startProcess, stopProcess } from '../test/helpers/processes.js';

const connections = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function load(url: string, token: string) {
  const options = { url, connections, headers: { authorization: `Bearer ${token}` } };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, connection pools
  const result = await autocannon({ ...options, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

/**
 * Authenticated GET /v1/crews on the real service (SQLite, default log level) against bare Koa with
 * an in-memory token check, each in its own process, 50 connections.
 */
export async function benchHttp(): Promise<Record<string, number | string>> {
  const token = 'crew_sk_benchmarkbenchmarkbenchmark0000';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-'));
  // A workspace whose rate limit the load cannot reach, so every request does the full work.
  const cli = (args: string[]) =>
    JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'app/cli/main.ts', ...args, '--json'], { env: { ...process.env, CREWD_DATA_DIR: dataDir } }).toString());
  cli(['workspaces', 'create', '--name', 'bench', '--plan', 'enterprise', '--rpm', '1000000000']);
  const benchKey = cli(['keys', 'create', '--workspace', 'bench', '--name', 'bench', '--permissions', 'crews:read']).secret as string;
  const servicePort = await freePort();
  const service = await startProcess(
    ['app/cli/main.ts', 'serve'],
    { PORT: String(servicePort), CREWD_DATA_DIR: dataDir, ...(process.env.BENCH_LOG_LEVEL ? { CREWD_LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}) },
    `http://127.0.0.1:${servicePort}/healthz`,
  );
  let crewd;
  try {
    crewd = await load(`http://127.0.0.1:${servicePort}/v1/crews`, benchKey);
  } finally {
    await stopProcess(service);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const basePort = await freePort();
  const baseline = await startProcess(['bench/baseline.ts', String(basePort), token], {}, `http://127.0.0.1:${basePort}/`);
  let bare;
  try {
    bare = await load(`http://127.0.0.1:${basePort}/v1/crews`, token);
  } finally {
    await stopProcess(baseline);
  }
  return {
    'GET /v1/crews req/s (crewd)': crewd.rps,
    'GET /v1/crews p99 ms (crewd)': crewd.p99,
    'GET /v1/crews req/s (bare Koa baseline)': bare.rps,
    'GET /v1/crews p99 ms (bare Koa baseline)': bare.p99,
    'crewd / baseline': Math.round((crewd.rps / bare.rps) * 100) / 100,
  };
}
