import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRuntime } from '../app/createRuntime.js';
import { loadConfig } from '../runtime/config.js';
import type { CrewId } from '../crews/index.js';
import { createLogger } from '../runtime/logger.js';
import { instantModel } from './instantModel.js';

/**
 * What one completed outcome costs, for comparing two trees back to back on a shared machine
 * where the rate of `npm run bench -- engine` swings with the load: the completion section of that
 * bench (same briefs, local model, no think time, SQLite) with, over the timed window,
 * - CPU ms per outcome for the whole process and per thread (Linux: /proc/self/task; `main` is the
 *   actors' thread, the busiest other one the model worker; the rest are V8's GC helpers and
 *   libuv's pool, where SQLite runs);
 * - SQL statements per outcome (knex `query` events) and the characters bound into them;
 * - bytes the process wrote (/proc/self/io `wchar`: SQLite's WAL and checkpoints);
 * - the main thread's event loop utilisation (ELU): the share of the window it was running callbacks,
 *   and the share it was runnable but waiting for a core (the machine's other work, or its own threads).
 *
 *   npx tsx bench/engineCost.ts            # WARM=300 COUNT=1500 by default
 *   STATEMENTS=1 npx tsx bench/engineCost.ts   # also statements per outcome by kind
 *   PROFILE=cpu.cpuprofile npx tsx bench/engineCost.ts   # CPU profile of the main thread's window
 *   HEAP_PROFILE=alloc.heapprofile npx tsx bench/engineCost.ts   # where the window's allocations come from
 *   INSTANT=1 npx tsx bench/engineCost.ts      # with the instant model (orchestration alone)
 *   THREADS=1 npx tsx bench/engineCost.ts     # also CPU per outcome of each thread
 *   READS=1 npx tsx bench/engineCost.ts        # also the latency of a read issued every 5 ms meanwhile
 */

const briefs: Array<[CrewId, string]> = [
  ['writer', 'Write a blog post about the benefits of remote work for software teams'],
  ['mind', 'Analyse the weekly operations meeting: Priya will update the pricing page by Friday. Marco owns the launch email.'],
  ['pilot', 'Plan a feature that lets customers export their invoices as CSV files'],
];

/** CPU ms per thread so far (Linux; empty elsewhere). */
function threadCpu(): Record<string, number> {
  const out: Record<string, number> = {};
  if (!fs.existsSync('/proc/self/task')) return out;
  const tick = 1000 / 100; // USER_HZ
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out[tid === String(process.pid) ? 'main' : tid] = (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // the thread ended
    }
  }
  return out;
}

function written(): number {
  if (!fs.existsSync('/proc/self/io')) return 0;
  return Number(/wchar: (\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))?.[1] ?? 0);
}

const warmUp = Number(process.env.WARM ?? 300);
const count = Number(process.env.COUNT ?? 1500);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-cost-'));
const config = loadConfig({ CREWD_DATA_DIR: dir, CREWD_LOG_LEVEL: 'silent', CREWD_BOOTSTRAP_KEY: 'crew_sk_benchbenchbenchbench0', PORT: '0' });
// INSTANT=1: the model that answers at once (orchestration alone, as in the engine bench's instant line).
const runtime = await createRuntime(config, { logger: createLogger('silent'), ...(process.env.INSTANT === '1' ? { modelProvider: instantModel } : {}) });
const workspace = await runtime.workspaces.create({ name: 'bench', plan: 'enterprise', credits: null, concurrentOutcomes: 100_000, requestsPerMinute: 1_000_000 });

let statements = 0;
let boundChars = 0;
const kinds = new Map<string, number>();
runtime.db.on('query', (query: { sql: string; bindings?: unknown[] }) => {
  statements += 1;
  for (const value of query.bindings ?? []) if (typeof value === 'string') boundChars += value.length;
  if (process.env.STATEMENTS) {
    const kind = query.sql.slice(0, 40).replace(/\s+/g, ' ');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
});
let completed = 0;
let target = 0;
let reached: () => void = () => undefined;
runtime.eventBus.subscribe((events) => {
  for (const event of events) if (event.kind === 'outcome.completed') completed += 1;
  if (completed >= target) reached();
});

async function run(n: number, offset: number): Promise<void> {
  const done = new Promise<void>((resolve) => (reached = resolve));
  target = completed + n;
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < n) {
        const i = offset + next++;
        const [crew, brief] = briefs[i % briefs.length]!;
        await runtime.outcomes.deploy(workspace, crew, { brief: `${brief} (#${i})` });
      }
    }),
  );
  await done;
}

await run(warmUp, 0);
const inspector = process.env.PROFILE || process.env.HEAP_PROFILE ? await import('node:inspector/promises') : undefined;
const session = inspector ? new inspector.Session() : undefined;
session?.connect();
if (session && process.env.PROFILE) {
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
// HEAP_PROFILE=<file>: where the window's allocations come from (sampled every 16 KiB), for GC.
if (session && process.env.HEAP_PROFILE) {
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
}
statements = 0;
boundChars = 0;
kinds.clear();
const cpu0 = process.cpuUsage();
const threads0 = threadCpu();
const written0 = written();
// READS=1: how long a read outside a transaction (an API GET's) waits while the writes go on.
const readLatencies: number[] = [];
let probing = process.env.READS === '1';
const probe = (async () => {
  while (probing) {
    const started = performance.now();
    await runtime.db('outcomes').where({ workspace_id: workspace.id }).orderBy('created_at', 'desc').first('id');
    readLatencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
})();
// The main thread's time runnable but waiting for a core (Linux schedstat): a shared or
// oversubscribed machine shows here, where the rate alone cannot tell load from cost.
const queued = (): number => (fs.existsSync(`/proc/self/task/${process.pid}/schedstat`) ? Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6 : 0);
const queued0 = queued();
const elu0 = performance.eventLoopUtilization();
const t0 = performance.now();
await run(count, warmUp);
const elu = performance.eventLoopUtilization(elu0);
const seconds = (performance.now() - t0) / 1000;
const queuedMs = queued() - queued0;
probing = false;
await probe;
const cpu = process.cpuUsage(cpu0);
const threads1 = threadCpu();
const bytes = written() - written0;
if (session && process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
if (session && process.env.HEAP_PROFILE) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  fs.writeFileSync(process.env.HEAP_PROFILE, JSON.stringify(profile));
}

const perThread = Object.entries(threads1)
  .map(([thread, ms]) => [thread, (ms - (threads0[thread] ?? 0)) / count] as const)
  .filter(([, ms]) => ms > 0)
  .sort((a, b) => b[1] - a[1]);
const main = perThread.find(([thread]) => thread === 'main')?.[1] ?? 0;
const others = perThread.filter(([thread]) => thread !== 'main');
const figures = {
  'load average (1 min)': os.loadavg()[0]!.toFixed(2),
  'outcomes completed per second': Math.round(count / seconds),
  'CPU ms per outcome, whole process': ((cpu.user + cpu.system) / 1000 / count).toFixed(3),
  'CPU ms per outcome, main thread': main.toFixed(3),
  'CPU ms per outcome, busiest other thread (model worker)': (others[0]?.[1] ?? 0).toFixed(3),
  'CPU ms per outcome, the other threads (GC helpers, libuv/SQLite)': others.slice(1).reduce((sum, [, ms]) => sum + ms, 0).toFixed(3),
  'main thread event loop busy (ELU)': elu.utilization.toFixed(2),
  'main thread waiting for a core (run queue), share of the window': (queuedMs / (seconds * 1000)).toFixed(2),
  'SQL statements per outcome': (statements / count).toFixed(2),
  'characters bound per outcome': Math.round(boundChars / count),
  'KB written per outcome (wchar)': (bytes / 1024 / count).toFixed(1),
};
if (readLatencies.length > 0) {
  const sorted = [...readLatencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!.toFixed(1);
  Object.assign(figures, { 'read latency while writing, ms (p50 / p90 / p99)': `${at(0.5)} / ${at(0.9)} / ${at(0.99)} (${sorted.length} reads)` });
}
for (const [label, value] of Object.entries(figures)) console.log(`${label.padEnd(66)} ${value}`);
// THREADS=1: CPU ms per outcome of each thread, in the order they started (Node names none of them:
// V8's platform threads, where GC helps, start first; libuv's pool, where SQLite runs, on first use).
if (process.env.THREADS) for (const [thread, ms] of [...perThread].sort((a, b) => Number(a[0]) - Number(b[0]))) console.log(`${ms.toFixed(3).padStart(8)}  thread ${thread}`);
if (process.env.STATEMENTS) for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`${(n / count).toFixed(2).padStart(6)}  ${kind}`);
await runtime.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
