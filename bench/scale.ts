import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { loadConfig } from '../runtime/config.js';
import { createRuntime } from '../app/createRuntime.js';
import { createLogger } from '../runtime/logger.js';

/**
 * Scale-out on Postgres (issue 16, docs/scale-out.md):
 * - completed outcomes per second with 1, 2 and 4 real `crewd serve` processes on one database
 *   (local model, no think time), deploys spread round robin over HTTP, from the first deploy to
 *   the last `outcome.completed` committed;
 * - database statements (round trips) per completed outcome, counted on knex's query event in
 *   one in-process runtime on Postgres (a tick's events notice rides its events insert; other
 *   notices ride the listening connection and are not counted here).
 * Needs Postgres at CREWD_BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */

const adminUrl = process.env.CREWD_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
/** Outcomes in each timed run, deployed through every process (1,600 since the eleventh session; was 400). */
const outcomesPerRun = Number(process.env.CREWD_BENCH_SCALE_OUTCOMES ?? 1_600);
const logStatements = process.env.CREWD_BENCH_SCALE_LOG === '1';
/** How long the processes are watched idle before a run. */
const idleWindowMs = Number(process.env.CREWD_BENCH_SCALE_IDLE_MS ?? 5_000);
/**
 * Outcomes each process runs before anything is measured (issue 30): a process's first outcome
 * starts its model worker and compiles the hot code (about 1.4 CPU-seconds on this machine), a
 * cost each process pays once at start, not per outcome. Without a warm-up N processes pay it N
 * times inside a run of 400 outcomes (4 processes: ~14 ms per outcome), which is start-up, not
 * coordination. 0 measures from cold, as before.
 * 800 since the eleventh session (was 20): after 100 outcomes a process still runs much of its
 * hot code unoptimised, and four processes that each run a quarter of the timed outcomes spent
 * 4x one process's samples per outcome in V8's compiler and interpreter; with 800 each runs
 * optimised code, as a long-lived process does (docs/benchmarks.md, the eleventh session).
 */
const warmupPerProcess = Number(process.env.CREWD_BENCH_SCALE_WARMUP ?? 800);
/**
 * Clients deploying at once: 32 in all by default, whatever the number of processes. With
 * CREWD_BENCH_SCALE_CLIENTS_PER_PROCESS=n, n per process instead: the same load per process, as when
 * processes are added because the load grew (each process's group commits then batch as much as one).
 */
const clientsPerProcess = Number(process.env.CREWD_BENCH_SCALE_CLIENTS_PER_PROCESS ?? 0);
const explainPlans = process.env.CREWD_BENCH_SCALE_EXPLAIN === '1';
const serverLog = process.env.CREWD_BENCH_SCALE_LOG_FILE ?? '/var/log/postgresql/postgresql-15-main.log';
const bootstrapKey = `crew_sk_bench${randomBytes(10).toString('hex')}`;
const secretKey = randomBytes(32).toString('base64');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  const name = `crewd_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.raw(`CREATE DATABASE ${name}`);
  // Diagnosis: every statement of this database in the server log, summarised after the run.
  if (logStatements) await admin.raw(`ALTER DATABASE ${name} SET log_statement = 'all'`);
  // Diagnosis: the plan of every statement that reads events by scanning (auto_explain), in the server log.
  if (explainPlans) {
    await admin.raw(`ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`);
    await admin.raw(`ALTER DATABASE ${name} SET auto_explain.log_min_duration = 0`);
  }
  return {
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

/** Processes started so far (for pinning). */
let served = 0;

async function serve(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-scale-'));
  const url = `http://127.0.0.1:${port}`;
  // Diagnosis: CREWD_BENCH_SCALE_PROFILE=<dir> writes each process's CPU profile there at exit.
  const profile = process.env.CREWD_BENCH_SCALE_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.CREWD_BENCH_SCALE_PROFILE] : [];
  // CREWD_BENCH_SCALE_PIN=1: each process on one core of its own (`taskset`, the i-th process on
  // core i modulo the cores), to see what N processes give with a core each; Postgres and the load
  // generator are not pinned.
  // As `npm start` runs it (package.json: a 64 MB young generation, docs/decisions.md).
  const command = [process.execPath, ...profile, '--max-semi-space-size=64', '--import', 'tsx', 'app/cli/main.ts', 'serve'];
  const pinned = process.env.CREWD_BENCH_SCALE_PIN === '1' ? ['taskset', '-c', String(served++ % os.cpus().length)] : [];
  const [file, ...args] = [...pinned, ...command];
  const child = spawn(file!, args, {
    cwd: root,
    env: { ...process.env, CREWD_DATABASE_URL: databaseUrl, CREWD_BOOTSTRAP_KEY: bootstrapKey, CREWD_SECRET_KEY: secretKey, CREWD_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', CREWD_LOG_LEVEL: 'error', CREWD_LOCAL_MODEL_DELAY_MS: '0', ...extraEnv },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`crewd serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('crewd serve did not start');
}

/** Deploys the line refused (429) since the process started: each is a request crewd served for no outcome. */
let refusedDeploys = 0;

const briefs = ['Write a blog post about the benefits of remote work for software teams', 'A short note on keeping release notes readable for customers'];

async function deployAll(urls: string[], count: number, parallel: number, tag = ''): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        const url = urls[index % urls.length]!;
        for (;;) {
          const response = await fetch(`${url}/v1/crews/writer/deploy`, {
            method: 'POST',
            headers: { authorization: `Bearer ${bootstrapKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ brief: `${briefs[index % briefs.length]} (${tag}${index})` }),
          });
          const body = (await response.json()) as { outcome_id?: string };
          if (response.status === 201) {
            ids.push(body.outcome_id!);
            break;
          }
          // The workspace's line is full (429): wait for slots like a client honouring Retry-After.
          refusedDeploys += 1;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    }),
  );
  return ids;
}

/** Outcomes whose completion is committed (the projection is written in the tick of `outcome.completed`). */
async function completed(db: Knex, ids: string[]): Promise<number> {
  // The outcomes table, not the events: a poll that reads every event of 400 outcomes ten times a
  // second would be most of the database's work in this benchmark.
  const [row] = await db('outcomes').whereIn('id', ids).andWhere({ status: 'completed' }).count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** `outcome.completed` events of these outcomes: exactly one each is the guarantee. */
async function completedEvents(db: Knex, ids: string[]): Promise<number> {
  const [row] = await db('events').whereIn('outcome_id', ids).andWhere({ kind: 'outcome.completed' }).count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** CPU (user + system) of a process in milliseconds, from /proc (Linux); 0 when it is gone. */
function cpuMs(pid: number, thread?: number): number {
  try {
    const fields = fs.readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/**
 * Voluntary context switches of a thread: for a process's main thread, how often its event loop
 * went to sleep and was woken. A busy process handles many sockets per wake; one at a quarter of
 * the load wakes for nearly every message (issue 30 item 2's growth with processes).
 */
function wakeups(pid: number): number {
  return contextSwitches(pid, 'voluntary');
}

/**
 * Involuntary context switches of a process's main thread: how often the kernel took its core
 * away while it had work (another process, a database backend or the load generator woke on the
 * same core). More processes than cores make this grow; each switch costs the process its caches,
 * which is CPU per outcome that a machine with a core per process does not pay.
 */
function preemptions(pid: number): number {
  return contextSwitches(pid, 'nonvoluntary');
}

function contextSwitches(pid: number, kind: 'voluntary' | 'nonvoluntary'): number {
  try {
    return Number(new RegExp(`^${kind}_ctxt_switches:\\s+(\\d+)`, 'm').exec(fs.readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Prints the statements the database logged for `name` since byte `from`, per outcome, the most frequent first. */
function summariseLog(name: string, from: number, outcomes: number): void {
  const text = fs.readFileSync(serverLog).subarray(from).toString('utf8');
  const counts = new Map<string, number>();
  const marker = new RegExp(`@${name} LOG:  (?:statement|execute \\S*): (.*)`);
  let total = 0;
  let current: string | null = null;
  const count = () => {
    if (current === null) return;
    const statement = current.replace(/\s+/g, ' ').trim().replace(/\$\d+|'[^']*'|\b\d+\b/g, '?').slice(0, 110);
    counts.set(statement, (counts.get(statement) ?? 0) + 1);
    total += 1;
    current = null;
  };
  // A statement's further lines follow its first one, each starting with a tab.
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) {
      if (current !== null) current += ` ${line}`;
      continue;
    }
    count();
    const match = marker.exec(line);
    if (match) current = match[1]!;
  }
  count();
  console.log(`  ${(total / outcomes).toFixed(1)} statements per outcome in the server log`);
  for (const [statement, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(count / outcomes).toFixed(2).padStart(6)} ${statement}`);
}

interface Run {
  perSecond: number;
  /** Commits per process per second while nothing runs: the coordination every process pays, whatever the load. */
  idleCommits: number;
  /** CPU (ms) a process spends per second while nothing runs. */
  idleCpuMs: number;
  /** Seconds from the first deploy until half of the outcomes had completed, and until the last. */
  half: number;
  all: number;
  nodeCpuMs: number;
  /** Of which the processes' main threads (the event loops: one core each at most). */
  mainCpuMs: number;
  /** Times the processes' event loops were woken, per outcome. */
  wakeups: number;
  /** Times the processes' main threads were preempted while they had work, per outcome. */
  preemptions: number;
  /** The benchmark's own load generator (HTTP client and polls), on the same two cores. */
  clientCpuMs: number;
  postgresCpuMs: number;
  /** The database's own counters over the run (pg_stat_database). */
  commits: number;
  /** Deploys refused with 429 (the workspace's line full) per completed outcome. */
  refused: number;
  tuplesRead: number;
  /** Tables by rows read per outcome (sequential + index), the largest first. */
  tables: string;
}

/** Outcomes completed per second with `processes` serve processes on one fresh database. */
async function throughput(processes: number): Promise<Run> {
  const database = await freshDatabase();
  const nodes: Array<Awaited<ReturnType<typeof serve>>> = [];
  // One connection, so the watch below leaves out exactly the benchmark's own backend.
  const db = knex({ client: 'pg', connection: database.url, pool: { min: 1, max: 1 } });
  const name = database.url.slice(database.url.lastIndexOf('/') + 1);
  // Postgres backends serving this database: their CPU is counted from when they are first seen.
  const backends = new Map<number, number>();
  const watchBackends = async () => {
    const rows = (await db.raw('SELECT pid FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()', [name])).rows as Array<{ pid: number }>;
    for (const { pid } of rows) if (!backends.has(pid)) backends.set(pid, cpuMs(pid));
  };
  const counters = async () => {
    const row = (await db.raw('SELECT xact_commit::bigint AS c, (tup_returned + tup_fetched)::bigint AS t FROM pg_stat_database WHERE datname = ?', [name])).rows[0] as { c: string; t: string };
    // Rows read per table: by sequential scans, plus the index entries index scans returned (which
    // also counts index-only scans, where idx_tup_fetch stays 0), never less than the heap fetches.
    const tables = (await db.raw(`SELECT t.relname, (coalesce(t.seq_tup_read, 0) + greatest(coalesce(sum(i.idx_tup_read), 0), coalesce(t.idx_tup_fetch, 0)))::bigint AS r,
        t.seq_scan, t.seq_tup_read, t.idx_scan, sum(i.idx_tup_read)::bigint AS idx_tup_read, t.idx_tup_fetch
      FROM pg_stat_user_tables t LEFT JOIN pg_stat_user_indexes i USING (relid) GROUP BY t.relid, t.relname, t.seq_scan, t.seq_tup_read, t.idx_scan, t.idx_tup_fetch`)).rows as Array<{ relname: string; r: string }>;
    if (logStatements) for (const t of tables) if (Number(t.r) > 1000) console.log('  ', JSON.stringify(t));
    return { commits: Number(row.c), tuples: Number(row.t), tables: new Map(tables.map((t) => [t.relname, Number(t.r)])) };
  };
  try {
    served = 0;
    for (let i = 0; i < processes; i++) nodes.push(await serve(database.url));
    if (warmupPerProcess > 0) {
      // Each process runs its own warm-up outcomes (an outcome runs where it was deployed).
      const warm = (await Promise.all(nodes.map((node, i) => deployAll([node.url], warmupPerProcess, 4, `warm-up ${i}.`)))).flat();
      while ((await completed(db, warm)) < warm.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // stats of the start settle
    // Idle first: what the processes commit with nothing to do (polls, sweeps, leases), per process-second.
    const idleFrom = await counters();
    const idleCpuFrom = nodes.map((node) => cpuMs(node.child.pid!));
    const idleStarted = performance.now();
    await new Promise((resolve) => setTimeout(resolve, idleWindowMs));
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // counters are flushed within a second or so
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idleCommits = ((await counters()).commits - idleFrom.commits - 2) / processes / idleSeconds;
    // What a process spends with nothing to do (timers, polls, lease rounds): paid per process, not per outcome.
    const idleCpuMs = nodes.reduce((sum, node, i) => sum + cpuMs(node.child.pid!) - idleCpuFrom[i]!, 0) / processes / idleSeconds;
    await watchBackends();
    const before = await counters();
    const nodeCpu = nodes.map((node) => cpuMs(node.child.pid!));
    const mainCpu = nodes.map((node) => cpuMs(node.child.pid!, node.child.pid!));
    const wokenFrom = nodes.map((node) => wakeups(node.child.pid!));
    const preemptedFrom = nodes.map((node) => preemptions(node.child.pid!));
    const clientCpu = process.cpuUsage();
    const logFrom = logStatements ? fs.statSync(serverLog).size : 0;
    const refusedFrom = refusedDeploys;
    const started = performance.now();
    const ids = await deployAll(nodes.map((node) => node.url), outcomesPerRun, clientsPerProcess ? clientsPerProcess * processes : 32);
    let half = 0;
    let pollRows = 0;
    for (;;) {
      await watchBackends();
      const done = await completed(db, ids);
      pollRows += ids.length; // the poll's own index lookups of the outcomes, left out of the figures below
      if (!half && done >= ids.length / 2) half = performance.now();
      if (done >= ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsed = (performance.now() - started) / 1000;
    const nodeCpuMs = nodes.reduce((sum, node, i) => sum + cpuMs(node.child.pid!) - nodeCpu[i]!, 0);
    const mainCpuMs = nodes.reduce((sum, node, i) => sum + cpuMs(node.child.pid!, node.child.pid!) - mainCpu[i]!, 0);
    const woken = nodes.reduce((sum, node, i) => sum + wakeups(node.child.pid!) - wokenFrom[i]!, 0);
    const preempted = nodes.reduce((sum, node, i) => sum + preemptions(node.child.pid!) - preemptedFrom[i]!, 0);
    const client = process.cpuUsage(clientCpu);
    let postgresCpuMs = 0;
    for (const [pid, at] of backends) postgresCpuMs += Math.max(0, cpuMs(pid) - at);
    // Counters are flushed by backends within a second or so.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const after = await counters();
    // Checked after the counters: this check's own read of the events table is not the service's.
    const events = await completedEvents(db, ids);
    if (events !== ids.length) throw new Error(`${events} outcome.completed events for ${ids.length} outcomes`);
    const tables = [...after.tables]
      .map(([table, read]) => [table, (read - (before.tables.get(table) ?? 0) - (table === 'outcomes' ? pollRows : 0)) / ids.length] as const)
      .filter(([, read]) => read >= 1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([table, read]) => `${table} ${read.toFixed(0)}`)
      .join(', ');
    if (logStatements) summariseLog(name, logFrom, ids.length);
    return {
      idleCommits,
      idleCpuMs,
      perSecond: ids.length / elapsed,
      half: (half - started) / 1000,
      all: elapsed,
      nodeCpuMs: nodeCpuMs / ids.length,
      mainCpuMs: mainCpuMs / ids.length,
      wakeups: woken / ids.length,
      preemptions: preempted / ids.length,
      clientCpuMs: (client.user + client.system) / 1000 / ids.length,
      postgresCpuMs: postgresCpuMs / ids.length,
      commits: (after.commits - before.commits) / ids.length,
      refused: (refusedDeploys - refusedFrom) / ids.length,
      tuplesRead: (after.tuples - before.tuples - pollRows) / ids.length,
      tables,
    };
  } finally {
    await db.destroy();
    await Promise.all(
      nodes.map(async (node) => {
        const exited = new Promise((resolve) => node.child.once('exit', resolve));
        node.child.kill('SIGTERM');
        await exited;
        fs.rmSync(node.dataDir, { recursive: true, force: true });
      }),
    );
    await database.drop();
  }
}

/** Statements sent per completed outcome by one in-process runtime on Postgres. */
async function roundTrips(): Promise<number> {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-scale-'));
  const config = loadConfig({ CREWD_DATABASE_URL: database.url, CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrapKey, CREWD_SECRET_KEY: secretKey, CREWD_LOG_LEVEL: 'silent', PORT: '0' });
  const runtime = await createRuntime(config, { logger: createLogger('silent') });
  try {
    const url = await runtime.listen();
    const count = 200;
    let statements = 0;
    const onQuery = () => void (statements += 1);
    runtime.db.on('query', onQuery);
    const ids = await deployAll([url], count, 16);
    // Polled on its own connection, so the poll is not counted.
    const poll = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    while ((await completed(poll, ids)) < ids.length) await new Promise((resolve) => setTimeout(resolve, 100));
    await poll.destroy();
    runtime.db.off('query', onQuery);
    return statements / count;
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

const takeoverLeaseMs = 3_000;

/**
 * Takeover after `kill -9`: two processes (lease ${takeoverLeaseMs} ms, a model step of 150 ms so
 * outcomes are mid-run), 40 outcomes deployed through A; A is killed; the time until B holds the
 * lease of every outcome A left unfinished, and until all of them completed.
 */
async function takeover(): Promise<{ heldMs: number; completedMs: number; taken: number }> {
  const database = await freshDatabase();
  const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
  const env = { CREWD_LEASE_MS: String(takeoverLeaseMs), CREWD_LOCAL_MODEL_DELAY_MS: '150' };
  const nodes: Array<Awaited<ReturnType<typeof serve>>> = [];
  try {
    const a = await serve(database.url, env);
    nodes.push(a);
    nodes.push(await serve(database.url, env));
    const ids = await deployAll([a.url], 40, 8);
    // Kill A once some outcomes are under way (a few agents have finished) and some still run.
    for (const deadline = performance.now() + 60_000; performance.now() < deadline; ) {
      const [row] = await db('events').whereIn('outcome_id', ids).andWhere({ kind: 'crew.agent_completed' }).count({ n: '*' });
      if (Number(row?.n ?? 0) >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const exited = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    const killedAt = performance.now();
    await exited;
    const left = ((await db('actors').whereIn('id', ids).andWhere({ status: 'active' }).select('id', 'owner')) as Array<{ id: string; owner: string | null }>).map((row) => row.id);
    // A's name is the owner of the outcome deployed first (A ran it, whatever its state now).
    const ownerA = ((await db('actors').where({ id: ids[0] }).select('owner').first()) as { owner: string | null } | undefined)?.owner;
    let heldMs = 0;
    for (const deadline = performance.now() + 120_000; ; ) {
      if (performance.now() > deadline) throw new Error(`takeover: not done after 120 s (held after ${heldMs.toFixed(0)} ms; ${await completed(db, ids)} of ${ids.length} completed)`);
      const rows = (await db('actors').whereIn('id', left).select('owner', 'status')) as Array<{ owner: string | null; status: string }>;
      if (!heldMs && rows.every((row) => row.status !== 'active' || (row.owner && row.owner !== ownerA))) heldMs = performance.now() - killedAt;
      if (heldMs && (await completed(db, ids)) === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const events = await completedEvents(db, ids);
    if (events !== ids.length) throw new Error(`${events} outcome.completed events for ${ids.length} outcomes after the takeover`);
    return { heldMs, completedMs: performance.now() - killedAt, taken: left.length };
  } finally {
    await db.destroy();
    await Promise.all(
      nodes.map(async (node) => {
        if (node.child.exitCode === null && node.child.signalCode === null) {
          const exited = new Promise((resolve) => node.child.once('exit', resolve));
          node.child.kill('SIGTERM');
          await exited;
        }
        fs.rmSync(node.dataDir, { recursive: true, force: true });
      }),
    );
    await database.drop();
  }
}

function describe(run: Run, one?: Run): string {
  const ratio = one ? ` (${(run.perSecond / one.perSecond).toFixed(2)}x)` : '';
  return `${run.perSecond.toFixed(1)}${ratio}; half ${run.half.toFixed(1)} s, all ${run.all.toFixed(1)} s; CPU/outcome node ${run.nodeCpuMs.toFixed(1)} ms (main threads ${run.mainCpuMs.toFixed(1)}, woken ${run.wakeups.toFixed(1)} times, preempted ${run.preemptions.toFixed(1)}) + postgres ${run.postgresCpuMs.toFixed(1)} ms + load generator ${run.clientCpuMs.toFixed(1)} ms; commits/outcome ${run.commits.toFixed(1)}, deploys refused (429)/outcome ${run.refused.toFixed(2)} (idle: ${run.idleCommits.toFixed(1)} per process per second, CPU ${run.idleCpuMs.toFixed(1)} ms per process per second), rows read/outcome ${run.tuplesRead.toFixed(0)} (${run.tables})`;
}

export async function benchScale(): Promise<Record<string, number | string>> {
  const wanted = (process.env.CREWD_BENCH_SCALE_PROCESSES ?? '1,2,4').split(',').filter((part) => part.trim() !== '').map(Number);
  const runs = new Map<number, Run>();
  for (const processes of wanted) runs.set(processes, await throughput(processes));
  const one = runs.get(1);
  const figures: Record<string, number | string> = {};
  for (const [processes, run] of runs) figures[`outcomes/s, ${processes} process${processes === 1 ? '' : 'es'} (${outcomesPerRun} outcomes)`] = describe(run, processes === 1 ? undefined : one);
  if (process.env.CREWD_BENCH_SCALE_TAKEOVER !== '0') {
    const { heldMs, completedMs, taken } = await takeover();
    figures[`takeover after kill -9 (lease ${takeoverLeaseMs} ms)`] = `${taken} unfinished outcomes held by the other process after ${heldMs.toFixed(0)} ms (${(heldMs / takeoverLeaseMs).toFixed(2)} lease periods), all completed after ${completedMs.toFixed(0)} ms`;
  }
  if (process.env.CREWD_BENCH_SCALE_TRIPS !== '0') figures['db statements per completed outcome (1 process)'] = (await roundTrips()).toFixed(1);
  figures.load = os.loadavg().map((value) => value.toFixed(2)).join(' ');
  return figures;
}
