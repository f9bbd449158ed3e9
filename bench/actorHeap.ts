import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createRuntime } from '../app/createRuntime.js';
import { loadConfig } from '../runtime/config.js';
import type { CrewId } from '../crews/index.js';
import { createLogger } from '../runtime/logger.js';
import { abortError } from '../models/errors.js';
import type { ModelProvider } from '../models/types.js';

/**
 * What a live outcome actor holds (issue 30): first the heap in use per live parked outcome
 * (model steps that never answer) after GC, between 200 and 1,200 of them, as the engine bench
 * measures it; then heap snapshots around 1,000 more and the difference per actor by constructor
 * name (self sizes), the largest first. `npx tsx bench/actorHeap.ts`; `CENSUS=0` prints the
 * figure only.
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
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface Totals {
  bytes: Map<string, number>;
  count: Map<string, number>;
}

/** Self size and count per node name (constructor, or the type for strings, closures, arrays ...). */
function census(): Totals {
  gc();
  gc();
  const file = v8.writeHeapSnapshot(path.join(os.tmpdir(), `crewd-actor-heap-${process.pid}-${Date.now()}.heapsnapshot`));
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  fs.rmSync(file);
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')];
  const totals: Totals = { bytes: new Map(), count: new Map() };
  // Arrays and strings are named by what holds them (the first holder's name and property), since
  // their own name says nothing.
  const holder = new Map<number, string>();
  const namedByHolder = new Set(['array', 'string', 'hidden', 'concatenated string', 'sliced string']);
  const edgeFields = snapshot.snapshot.meta.edge_fields;
  const edgeTypes = snapshot.snapshot.meta.edge_types[0];
  const edgeWidth = edgeFields.length;
  const countAt = fields.indexOf('edge_count');
  for (let i = 0, e = 0; i < snapshot.nodes.length; i += width) {
    const parent = snapshot.strings[snapshot.nodes[i + nameAt]!]!;
    for (let k = 0; k < snapshot.nodes[i + countAt]!; k++, e += edgeWidth) {
      const to = snapshot.edges[e + 2]!;
      const toType = types[snapshot.nodes[to + typeAt]!]!;
      if (!namedByHolder.has(toType) || holder.has(to)) continue;
      const edgeType = edgeTypes[snapshot.edges[e]!]!;
      const label = edgeType === 'element' || edgeType === 'hidden' ? `[${edgeType}]` : String(snapshot.strings[snapshot.edges[e + 1]!]);
      holder.set(to, `${parent.slice(0, 40)}.${label.slice(0, 30)}`);
    }
  }
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!]!;
    const name = type === 'object' || type === 'closure' ? `${type}:${snapshot.strings[snapshot.nodes[i + nameAt]!]}` : `${type} in ${holder.get(i) ?? '?'}`;
    totals.bytes.set(name, (totals.bytes.get(name) ?? 0) + snapshot.nodes[i + sizeAt]!);
    totals.count.set(name, (totals.count.get(name) ?? 0) + 1);
  }
  return totals;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-actor-heap-'));
const config = loadConfig({ CREWD_DATA_DIR: dir, CREWD_LOG_LEVEL: 'silent', CREWD_BOOTSTRAP_KEY: 'crew_sk_benchbenchbenchbench0', PORT: '0' });
const runtime = await createRuntime(config, { logger: createLogger('silent'), modelProvider: parked });
const workspace = await runtime.workspaces.create({ name: 'bench', plan: 'enterprise', credits: null, concurrentOutcomes: 100_000, requestsPerMinute: 1_000_000 });
let next = 0;
async function deploy(count: number): Promise<void> {
  for (const end = next + count; next < end; next++) {
    const [crew, brief] = briefs[next % briefs.length]!;
    await runtime.outcomes.deploy(workspace, crew, { brief: `${brief} (#${next})` });
  }
  await runtime.actorHost.flushed();
}
/** The heap in use after two full collections (the engine bench's measure). */
function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
// The figure first, before any heap snapshot: after one, the heap in use no longer compares
// (about 30 KB per actor more in the second census on this machine).
const live = 1000;
await deploy(200);
const used0 = heapUsed();
await deploy(live);
const used1 = heapUsed();
console.log(`heap bytes per live outcome actor (heapUsed after GC, as the engine bench): ${((used1 - used0) / live).toFixed(0)}`);
if (process.env.CENSUS === '0') {
  await runtime.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
// Then where it goes: two censuses around another `live` outcomes. The first waits in a file:
// held in memory, its hundred thousand names and their Maps would be counted as the actors'.
const beforeFile = path.join(dir, 'before-census.json');
{
  const first = census();
  fs.writeFileSync(beforeFile, JSON.stringify({ bytes: [...first.bytes], count: [...first.count] }));
}
await deploy(live);
const after = census();
const stored = JSON.parse(fs.readFileSync(beforeFile, 'utf8')) as { bytes: Array<[string, number]>; count: Array<[string, number]> };
const before: Totals = { bytes: new Map(stored.bytes), count: new Map(stored.count) };
const rows = [...after.bytes].map(([name, bytes]) => [name, (bytes - (before.bytes.get(name) ?? 0)) / live, ((after.count.get(name) ?? 0) - (before.count.get(name) ?? 0)) / live] as const);
const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
console.log(`heap bytes per live outcome actor (self sizes in the census, after a heap snapshot: inflated): ${total.toFixed(0)}`);
for (const [name, bytes, count] of rows.sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(`${bytes.toFixed(0).padStart(7)} B ${count.toFixed(2).padStart(7)} x  ${name}`);
await runtime.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
