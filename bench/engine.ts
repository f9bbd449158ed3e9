import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadConfig } from '../runtime/config.js';
import { createRuntime, type Runtime } from '../app/createRuntime.js';
import type { CrewId } from '../crews/index.js';
import { createLogger } from '../runtime/logger.js';
import { abortError } from '../models/errors.js';
import type { ModelProvider } from '../models/types.js';
import { completionRun } from './completionRun.js';
import { instantModel } from './instantModel.js';
import { peerFigures } from './peer.js';
import type { WorkspaceRow } from '../storage/repositories/workspaces.js';

/**
 * The outcome engine, in process (no HTTP), on SQLite in a temporary directory:
 * - deploys accepted per second: the deploy transaction (credit, outcome row, actor row, first
 *   events) and the actor start, with a model that never answers, so nothing else competes;
 * - outcomes completed per second end to end with the local model and no think time: from the
 *   first deploy to the last `outcome.completed` committed; and the process's CPU time (all
 *   threads) per completed outcome over the same window, which machine load disturbs far less;
 * - heap per live outcome actor with its agent (and the agent's in-flight step), after GC;
 * - outcomes completed per second with a model that answers at once (orchestration alone), and
 *   the peer's durable runs per second beside it when a peer is installed (bench/peer.ts);
 * - time to restore 10,000 unfinished outcomes when a new process starts on the same database.
 */

const briefs: Array<[CrewId, string]> = [
  ['writer', 'Write a blog post about the benefits of remote work for software teams'],
  ['mind', 'Analyse the weekly operations meeting: Priya will update the pricing page by Friday. Marco owns the launch email.'],
  ['pilot', 'Plan a feature that lets customers export their invoices as CSV files'],
];

/** Model steps the parked model has been asked for: a live outcome is measured once its step waits there. */
let parkedSteps = 0;
/** A model that thinks until its step is aborted: outcomes stay mid-stage. */
const parked: ModelProvider = {
  name: 'parked',
  step: (_input, _tools, _exchanges, signal) =>
    new Promise((_, reject) => {
      parkedSteps += 1;
      signal.addEventListener('abort', () => reject(abortError(signal)), { once: true });
    }),
};

/** Resolves once `count` steps wait at the parked model (each outcome's first step, after its reads). */
async function parkedAt(count: number): Promise<void> {
  while (parkedSteps < count) await new Promise((resolve) => setImmediate(resolve));
}

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  })();
  collect();
  collect();
}

async function start(dataDir: string, modelProvider?: ModelProvider, runActors = true): Promise<{ runtime: Runtime; workspace: WorkspaceRow }> {
  // OTEL_* pass through: `OTEL_EXPORTER_OTLP_ENDPOINT=... npm run bench -- engine` measures tracing's cost (docs/tracing.md).
  const otel = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('OTEL_')));
  const config = loadConfig({ ...otel, CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'silent', CREWD_BOOTSTRAP_KEY: 'crew_sk_benchbenchbenchbench0', PORT: '0' });
  const runtime = await createRuntime(config, { logger: createLogger('silent'), ...(modelProvider ? { modelProvider } : {}), runActors });
  const existing = await runtime.repos.workspaces.findByName('bench');
  const workspace = existing ?? (await runtime.workspaces.create({ name: 'bench', plan: 'enterprise', credits: null, concurrentOutcomes: 100_000, requestsPerMinute: 1_000_000 }));
  return { runtime, workspace };
}

async function deployMany(runtime: Runtime, workspace: WorkspaceRow, count: number, parallel = 64): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        const [crew, brief] = briefs[i % briefs.length]!;
        const deployed = await runtime.outcomes.deploy(workspace, crew, { brief: `${brief} (#${i})` });
        ids.push(deployed.id);
      }
    }),
  );
  return ids;
}

/** Unfinished outcomes a new process restores (issue 30: 10,000 within 2 s); CREWD_BENCH_RESTORE changes it. */
const restoreCount = Number(process.env.CREWD_BENCH_RESTORE ?? 10_000);

function tmp(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-engine-'));
}

export async function benchEngine(): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = {};

  // 1. Deploys accepted per second.
  {
    const dir = tmp();
    const { runtime, workspace } = await start(dir, parked);
    await deployMany(runtime, workspace, 200); // warm up
    const count = 3000;
    const t0 = performance.now();
    await deployMany(runtime, workspace, count);
    const seconds = (performance.now() - t0) / 1000;
    figures['deploys accepted per second'] = Math.round(count / seconds);
    await runtime.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // 2. Outcomes completed per second, end to end, local model, no think time.
  {
    const dir = tmp();
    const { runtime, workspace } = await start(dir);
    const run = await completionRun(runtime, workspace, deployMany, 300, 1500);
    figures['outcomes completed per second (local model, end to end)'] = Math.round(run.perSecond);
    // Every thread of the process (actors, model workers, SQLite, GC): steadier than the rate on a busy machine.
    figures['CPU ms per completed outcome (all threads)'] = Number(run.cpuMsPerOutcome.toFixed(2));
    if (run.failed > 0) figures['failed outcomes in the completion run'] = run.failed;
    await runtime.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // 2b. The same durable outcomes with a model that answers at once: orchestration alone.
  {
    const dir = tmp();
    const { runtime, workspace } = await start(dir, instantModel);
    const run = await completionRun(runtime, workspace, deployMany, 300, 3000);
    figures['outcomes completed per second (instant model, orchestration only)'] = Math.round(run.perSecond);
    figures['CPU ms per completed outcome (instant model, all threads)'] = Number(run.cpuMsPerOutcome.toFixed(2));
    if (run.failed > 0) figures['failed outcomes in the instant run'] = run.failed;
    await runtime.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const peer = await peerFigures();
  Object.assign(figures, peer.figures);
  // Issue 30 item 3's goals, read off this run: the instant model at least 2x the peer, the local model at least 1.4x.
  if (peer.runsPerSecond) {
    const ratio = (key: string) => `${(Number(figures[key]) / peer.runsPerSecond!).toFixed(2)}x`;
    figures['instant model vs the peer (goal at least 2x)'] = ratio('outcomes completed per second (instant model, orchestration only)');
    figures['local model vs the peer (goal at least 1.4x)'] = ratio('outcomes completed per second (local model, end to end)');
  }

  // 3. Heap per live outcome actor (with its agent), then 4. restore of 1,000 unfinished ones.
  {
    const dir = tmp();
    const { runtime, workspace } = await start(dir, parked);
    parkedSteps = 0;
    await deployMany(runtime, workspace, 100);
    await runtime.actorHost.flushed();
    await parkedAt(100);
    const live = 1000;
    gc();
    const before = process.memoryUsage().heapUsed;
    await deployMany(runtime, workspace, live);
    await runtime.actorHost.flushed();
    // Every outcome in the same place (its first step waiting at the model), whatever order its
    // reads and the commits came in.
    await parkedAt(100 + live);
    gc();
    const after = process.memoryUsage().heapUsed;
    figures['live outcome actors'] = runtime.actorHost.size;
    figures['heap bytes per live outcome actor (with its agent)'] = Math.round((after - before) / live);
    // Unfinished outcomes for the restore: up to `restoreCount` in all.
    await deployMany(runtime, workspace, Math.max(0, restoreCount - live));
    await runtime.actorHost.flushed();
    await runtime.close();

    // Keep exactly `restoreCount` unfinished: the warm-up outcomes are marked finished in the store.
    const { runtime: second } = await start(dir, parked, false);
    const active = await second.repos.actors.listActive();
    const extra = active.slice(0, active.length - restoreCount).map((row) => row.id);
    if (extra.length > 0) await second.db('actors').whereIn('id', extra).update({ status: 'idle' });
    const t0 = performance.now();
    const restored = await second.startActors();
    const ms = performance.now() - t0;
    figures['unfinished outcomes restored at start'] = restored;
    figures[`restore ${restoreCount.toLocaleString('en')} unfinished outcomes (ms)`] = Math.round(ms);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  console.log(await benchEngine());
  process.exit(0);
}
