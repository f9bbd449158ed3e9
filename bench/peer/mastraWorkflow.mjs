// The peer of `npm run bench -- engine` (issue 30): Mastra's durable five-step workflow with the
// libsql file store, steps that return at once. Runs from a directory where the peer is installed
// (`npm install --prefix /tmp/peer @mastra/core @mastra/libsql`; never a dependency of crewd):
// bench/peer.ts copies this file there and runs it. Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Mastra } from '@mastra/core';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { LibSQLStore } from '@mastra/libsql';
import { z } from 'zod';

const warmUp = Number(process.env.WARM ?? 300);
const count = Number(process.env.COUNT ?? 1500);
const parallel = Number(process.env.PARALLEL ?? 64);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-peer-'));

const state = z.object({ n: z.number() });
const step = (id) => createStep({ id, inputSchema: state, outputSchema: state, execute: async ({ inputData }) => ({ n: inputData.n + 1 }) });
let workflow = createWorkflow({ id: 'five', inputSchema: state, outputSchema: state });
for (let i = 1; i <= 5; i++) workflow = workflow.then(step(`step${i}`));
workflow.commit();

const mastra = new Mastra({ workflows: { five: workflow }, storage: new LibSQLStore({ url: `file:${path.join(dir, 'mastra.db')}` }), logger: false, telemetry: { enabled: false } });
const five = mastra.getWorkflow('five');

async function runMany(n) {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        next++;
        const run = await (five.createRunAsync ? five.createRunAsync() : five.createRun());
        const result = await run.start({ inputData: { n: 0 } });
        if (result.status !== 'success') failed++;
      }
    }),
  );
  return failed;
}

await runMany(warmUp);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const failed = await runMany(count);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const version = JSON.parse(fs.readFileSync(new URL('./node_modules/@mastra/core/package.json', import.meta.url), 'utf8')).version;
console.log(JSON.stringify({ version, runsPerSecond: count / seconds, cpuMsPerRun: (cpu.user + cpu.system) / 1000 / count, failed }));
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
