import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRuntime } from '../app/createRuntime.js';
import { loadConfig } from '../runtime/config.js';
import type { CrewId } from '../crews/index.js';
import { createLogger } from '../runtime/logger.js';
import { abortError } from '../models/errors.js';
import type { ModelProvider } from '../models/types.js';

/**
 * Where a restore's time goes (issue 30: 10,000 unfinished outcomes within 2 s): COUNT parked
 * outcomes (default 10,000) in a SQLite file, then a new runtime on it times `startActors()`, with
 * its CPU, then the time until the restored steps' first reads are served, and, with
 * PROFILE=<file>, a CPU profile of the restore alone.
 *   npx tsx bench/restoreCost.ts
 */
const parked: ModelProvider = {
  name: 'parked',
  step: (_input, _tools, _exchanges, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(abortError(signal)), { once: true })),
};
const briefs: Array<[CrewId, string]> = [
  ['writer', 'Write a blog post about the benefits of remote work for software teams'],
  ['mind', 'Analyse the weekly operations meeting: Priya will update the pricing page by Friday. Marco owns the launch email.'],
  ['pilot', 'Plan a feature that lets customers export their invoices as CSV files'],
];
const count = Number(process.env.COUNT ?? 10_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-restore-cost-'));
const config = loadConfig({ CREWD_DATA_DIR: dir, CREWD_LOG_LEVEL: 'silent', CREWD_BOOTSTRAP_KEY: 'crew_sk_benchbenchbenchbench0', PORT: '0' });
{
  const runtime = await createRuntime(config, { logger: createLogger('silent'), modelProvider: parked });
  const workspace = await runtime.workspaces.create({ name: 'bench', plan: 'enterprise', credits: null, concurrentOutcomes: 100_000, requestsPerMinute: 1_000_000 });
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < count) {
        const i = next++;
        const [crew, brief] = briefs[i % briefs.length]!;
        await runtime.outcomes.deploy(workspace, crew, { brief: `${brief} (#${i})` });
      }
    }),
  );
  await runtime.actorHost.flushed();
  await runtime.close();
}
const runtime = await createRuntime(config, { logger: createLogger('silent'), modelProvider: parked, runActors: false });
const inspector = process.env.PROFILE ? await import('node:inspector/promises') : undefined;
const session = inspector ? new inspector.Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const restored = await runtime.startActors();
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
// The restored steps' first reads (their stage jobs) may run after startActors() returns: a read
// queued behind them on the pool (FIFO; SQLite has one connection) ends once they have been served.
await new Promise((resolve) => setImmediate(resolve));
await runtime.repos.workspaces.list();
await new Promise((resolve) => setImmediate(resolve));
const settledMs = performance.now() - t0;
const settledCpu = process.cpuUsage(cpu0);
if (session) fs.writeFileSync(process.env.PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
console.log(`restored ${restored} unfinished outcomes in ${ms.toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(2)}); first reads served after ${settledMs.toFixed(0)} ms (CPU ${((settledCpu.user + settledCpu.system) / 1000).toFixed(0)} ms)`);
await runtime.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
