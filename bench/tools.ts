import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { examplePlugin } from '../plugins/example/index.js';
import { builtInPlugins } from '../plugins/index.js';
import { loadConfig } from '../runtime/config.js';
import { createRuntime, type Runtime } from '../app/createRuntime.js';
import { createLogger } from '../runtime/logger.js';
import { createGuardedFetch } from '../runtime/tools/guardedFetch.js';
import { openMcpSession, type McpSession } from '../runtime/tools/session.js';
import { startHttpToolServer } from '../test/runtime/tools/fixtures/httpToolServer.js';

/**
 * The MCP client side, measured on the whole runtime (SQLite in a temp dir, loopback):
 * - tool-call overhead added by the tool service (lookup, quarantine check, timeout, output cap
 *   and the call-log row) over a direct SDK client call to the same server, for an in-process
 *   plugin (target < 1 ms) and a Streamable HTTP server on loopback (target < 2 ms);
 * - memory per idle connection with 1,000 connections in one workspace (in-process plugin
 *   connections: each holds an SDK client, its in-memory transport pair and the plugin's server).
 */
export async function benchTools(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  const { runtime, workspaceId, dataDir } = await start();
  try {
    Object.assign(results, await pluginOverhead(runtime, workspaceId));
    Object.assign(results, await httpOverhead(runtime, workspaceId));
    Object.assign(results, await idleMemory(runtime));
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

async function start() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-tools-'));
  const config = loadConfig({ CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: 'crew_sk_benchtools0123456789ab', CREWD_ALLOW_PRIVATE_URLS: '1', CREWD_LOG_LEVEL: 'silent', PORT: '0' });
  const runtime = await createRuntime(config, { logger: createLogger('silent'), tools: { plugins: [...builtInPlugins(), examplePlugin] } });
  const workspace = await runtime.repos.workspaces.findByName('default');
  return { runtime, workspaceId: workspace!.id, dataDir };
}

async function timePerCall(n: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(200, n); i++) await call(); // warm up
  const started = performance.now();
  for (let i = 0; i < n; i++) await call();
  return (performance.now() - started) / n;
}

async function compare(label: string, n: number, direct: () => Promise<unknown>, viaService: () => Promise<unknown>): Promise<Record<string, string>> {
  // Interleave two rounds each so drift on a shared machine hits both sides alike.
  const d1 = await timePerCall(n, direct);
  const s1 = await timePerCall(n, viaService);
  const d2 = await timePerCall(n, direct);
  const s2 = await timePerCall(n, viaService);
  const d = (d1 + d2) / 2;
  const s = (s1 + s2) / 2;
  return {
    [`${label}: direct SDK call (ms/call)`]: d.toFixed(3),
    [`${label}: through the tool service (ms/call)`]: s.toFixed(3),
    [`${label}: added per call (ms)`]: (s - d).toFixed(3),
  };
}

async function pluginOverhead(runtime: Runtime, workspaceId: string) {
  const { tools } = runtime;
  await tools.integrations.configure(workspaceId, 'example', { settings: {} });
  const direct: McpSession = await openMcpSession({ kind: 'memory', server: tools.pluginHost.serverFactory(workspaceId, 'example') }, { connectTimeoutMs: 10_000, fetch: Object.assign(fetch, { close: async () => {} }) });
  try {
    return await compare(
      'in-process plugin',
      2000,
      () => direct.callTool('example_lookup', { key: 'k' }, { timeoutMs: 60_000 }),
      () => tools.service.call(workspaceId, 'example__example_lookup', { key: 'k' }, { agentName: 'BenchAgent', outcomeId: 'out_bench' }),
    );
  } finally {
    await direct.close();
  }
}

async function httpOverhead(runtime: Runtime, workspaceId: string) {
  const server = await startHttpToolServer();
  const { tools } = runtime;
  await tools.connections.connect(workspaceId, { server_type: 'custom', server_name: 'loop', params: { url: server.url } });
  // The same guarded undici fetch the service uses, so only the service's own work differs.
  const guarded = createGuardedFetch({ allowPrivate: true });
  const direct = await openMcpSession({ kind: 'http', url: server.url, headers: {} }, { connectTimeoutMs: 10_000, fetch: guarded });
  try {
    return await compare(
      'Streamable HTTP on loopback',
      500,
      () => direct.callTool('echo', { text: 'x' }, { timeoutMs: 60_000 }),
      () => tools.service.call(workspaceId, 'loop__echo', { text: 'x' }, { agentName: 'BenchAgent', outcomeId: 'out_bench' }),
    );
  } finally {
    await direct.close();
    await guarded.close();
    await server.close();
  }
}

async function idleMemory(runtime: Runtime) {
  const workspace = await runtime.workspaces.create({ name: 'bench-memory', plan: 'enterprise' });
  const gc = (globalThis as { gc?: () => void }).gc;
  const settle = async () => {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    gc?.();
    return process.memoryUsage();
  };
  const before = await settle();
  const count = 1000;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await runtime.tools.connections.connect(workspace.id, { server_type: 'example', server_name: `ex${i}` });
  }
  const connectMs = performance.now() - started;
  const after = await settle();
  return {
    'idle connections in one workspace': count,
    'connect time per connection (ms)': (connectMs / count).toFixed(2),
    'heap per idle connection (KB)': ((after.heapUsed - before.heapUsed) / count / 1024).toFixed(1),
    'rss per idle connection (KB)': ((after.rss - before.rss) / count / 1024).toFixed(1),
    'gc exposed (heap figures exact)': gc ? 'yes' : 'no (run with NODE_OPTIONS=--expose-gc)',
  };
}
