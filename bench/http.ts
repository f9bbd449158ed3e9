import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { freePort, startProcess, stopProcess } from '../test/helpers/processes.js';

const connections = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Alternating crewd/baseline load rounds (BENCH_ROUNDS); the figure is the median round's ratio. */
const benchRounds = Number(process.env.BENCH_ROUNDS ?? 3);

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Loads `url` and reports req/s, p99 and the server's CPU time per request (µs): the last is
 * what the request path costs, and unlike req/s it barely moves when other work shares the cores.
 */
async function load(url: string, token: string, pid: number) {
  const options = { url, connections, headers: { authorization: `Bearer ${token}` } };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, connection pools
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpu = cpuSeconds(pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, cpuUs: Math.round((cpu * 1e6) / Math.max(1, result.requests.total)) };
}

/** `crewd serve` as in production: its JSON log lines go to a file through stdout. */
async function serveLoggingToFile(env: Record<string, string>, logFile: string, readyUrl: string) {
  const out = fs.openSync(logFile, 'a');
  // BENCH_CPU_PROF=<dir> profiles the service (node --cpu-prof; written when it exits on SIGTERM).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'app/cli/main.ts', 'serve'], { env: { ...process.env, HOST: '127.0.0.1', ...env }, stdio: ['ignore', out, 'inherit'] });
  fs.closeSync(out);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`crewd serve exited with ${child.exitCode}`);
    try {
      await fetch(readyUrl);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error('crewd serve did not start');
}

/**
 * Authenticated GET /v1/crews on the real service (SQLite, default log level, JSON log lines to a
 * file through stdout as in production) against bare Koa + @koa/router serving the same bytes
 * behind an in-memory bearer check and the three X-RateLimit-* headers, each in its own process,
 * 50 connections.
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
  const logFile = path.join(dataDir, 'crewd.log');
  const bodyFile = path.join(dataDir, 'crews.json');
  const service = await serveLoggingToFile(
    { PORT: String(servicePort), CREWD_DATA_DIR: dataDir, ...(process.env.BENCH_LOG_LEVEL ? { CREWD_LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}) },
    logFile,
    `http://127.0.0.1:${servicePort}/healthz`,
  );
  let logLines = 0;
  const basePort = await freePort();
  const crewdUrl = `http://127.0.0.1:${servicePort}/v1/crews`;
  const baseUrl = `http://127.0.0.1:${basePort}/v1/crews`;
  let baseline: Awaited<ReturnType<typeof startProcess>> | undefined;
  const rounds: Array<{ crewd: Awaited<ReturnType<typeof load>>; bare: Awaited<ReturnType<typeof load>> }> = [];
  try {
    // The baseline answers the very bytes crewd answers.
    fs.writeFileSync(bodyFile, await (await fetch(crewdUrl, { headers: { authorization: `Bearer ${benchKey}` } })).text());
    baseline = await startProcess(['bench/baseline.ts', String(basePort), token, bodyFile], {}, `http://127.0.0.1:${basePort}/`);
    // Both stay up and are loaded in turn, `rounds` times: each round's ratio compares two runs
    // seconds apart, so a change in the machine's load (other work on its cores) hits both alike.
    for (let round = 0; round < benchRounds; round++) rounds.push({ crewd: await load(crewdUrl, benchKey, service.pid!), bare: await load(baseUrl, token, baseline.pid!) });
  } finally {
    await stopProcess(service);
    if (baseline) await stopProcess(baseline);
    logLines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length : 0;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratios = rounds.map((round) => Math.round((round.crewd.rps / round.bare.rps) * 100) / 100);
  const crewd = { rps: median(rounds.map((round) => round.crewd.rps)), p99: median(rounds.map((round) => round.crewd.p99)), cpuUs: median(rounds.map((round) => round.crewd.cpuUs)) };
  const bare = { rps: median(rounds.map((round) => round.bare.rps)), p99: median(rounds.map((round) => round.bare.p99)), cpuUs: median(rounds.map((round) => round.bare.cpuUs)) };
  return {
    'crewd log lines written': logLines,
    'GET /v1/crews req/s (crewd)': crewd.rps,
    'GET /v1/crews p99 ms (crewd)': crewd.p99,
    'GET /v1/crews req/s (bare Koa baseline)': bare.rps,
    'GET /v1/crews p99 ms (bare Koa baseline)': bare.p99,
    'server CPU µs per request (crewd)': crewd.cpuUs,
    'server CPU µs per request (bare Koa baseline)': bare.cpuUs,
    'baseline CPU / crewd CPU per request': Math.round((bare.cpuUs / crewd.cpuUs) * 100) / 100,
    'crewd / baseline per round': ratios.join(' '),
    'crewd / baseline (median of rounds)': median(ratios),
  };
}
