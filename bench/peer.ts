import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where the peer is installed, outside the project (it is never a dependency of crewd). */
const peerDir = process.env.CREWD_BENCH_PEER_DIR ?? '/tmp/peer';
const label = 'peer: Mastra durable five-step workflow, libsql file';

/**
 * The peer's durable runs per second and CPU per run, measured now beside crewd's figures by
 * bench/peer/mastraWorkflow.mjs (same warm-up, count and parallelism as the instant-model run);
 * a line saying how to install it when it is absent (then `runsPerSecond` is null).
 */
export async function peerFigures(): Promise<{ figures: Record<string, string | number>; runsPerSecond: number | null }> {
  if (!fs.existsSync(path.join(peerDir, 'node_modules', '@mastra', 'core')) || !fs.existsSync(path.join(peerDir, 'node_modules', '@mastra', 'libsql'))) {
    return { figures: { [label]: `not measured: npm install --prefix ${peerDir} @mastra/core @mastra/libsql` }, runsPerSecond: null };
  }
  const script = path.join(peerDir, 'mastraWorkflow.mjs');
  fs.copyFileSync(new URL('./peer/mastraWorkflow.mjs', import.meta.url), script);
  const { stdout } = await run(process.execPath, [script], { cwd: peerDir, env: { ...process.env, WARM: '300', COUNT: '3000', PARALLEL: '64' }, maxBuffer: 1 << 20 });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { version: string; runsPerSecond: number; cpuMsPerRun: number; failed: number };
  return {
    figures: {
      [`${label} (@mastra/core ${result.version}), runs/s`]: Math.round(result.runsPerSecond),
      [`${label}, CPU ms per run (all threads)`]: Number(result.cpuMsPerRun.toFixed(2)),
      ...(result.failed > 0 ? { 'peer runs failed': result.failed } : {}),
    },
    runsPerSecond: result.runsPerSecond,
  };
}
