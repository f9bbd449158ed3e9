import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import knex, { type Knex } from 'knex';
import { createRuntime } from '../../app/createRuntime.js';
import { loadConfig } from '../../runtime/config.js';
import { createLogger } from '../../runtime/logger.js';
import { abortError } from '../../models/errors.js';
import type { ModelProvider } from '../../models/types.js';
import { freePort } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { crewdArgs } from '../helpers/compiledTree.js';

/** `crewd serve` from the transpiled tree (test/helpers/compiledTree.ts): half the CPU of a tsx start. */
const serveArgs = await crewdArgs(['serve']);

const root = path.resolve(import.meta.dirname, '../..');
const key = 'crew_sk_shutdowntest0123456789ab';

/** A model that thinks until its step is aborted: outcomes stay mid-stage. */
const parked: ModelProvider = {
  name: 'parked',
  step: (_input, _tools, _exchanges, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(abortError(signal)), { once: true })),
};

/** Everything written to this process's stdout and stderr while `run` runs. */
async function captured(run: () => Promise<void>): Promise<string> {
  const chunks: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const console = { warn: globalThis.console.warn, error: globalThis.console.error, log: globalThis.console.log };
  const capture = (chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
  globalThis.console.warn = globalThis.console.error = globalThis.console.log = (...args: unknown[]) => void chunks.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    Object.assign(globalThis.console, console);
  }
  return chunks.join('');
}

/** Where a deploy writes an unfinished outcome, by the column holding its id. */
const outcomeTables = { outcomes: 'id', outcome_inputs: 'outcome_id', actors: 'id', events: 'outcome_id' } as const;

/**
 * `count` more unfinished outcomes like `template` (a deployed outcome whose stage is parked), as
 * its deploy wrote them: the same rows with the outcome's id replaced. A thousand deploys through
 * the service cost this file over 4 CPU-seconds; the restore reads these rows as it reads deployed ones.
 */
async function cloneUnfinished(file: Knex, template: string, count: number): Promise<void> {
  const suffix = template.replace(/^out_/, '');
  for (const [table, column] of Object.entries(outcomeTables)) {
    const rows = (await file(table).where(column, template)) as Array<Record<string, unknown>>;
    const copies = Array.from({ length: count }, (_, i) => `restore${String(i).padStart(13, '0')}`).flatMap((copy) =>
      rows.map((row) => {
        const { position: _position, ...fields } = row;
        return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value.replaceAll(suffix, copy) : value]));
      }),
    );
    await file.batchInsert(table, copies, 50);
  }
}

test.serial('close() while a restore of 1,000 unfinished outcomes is still loading prints nothing', async (t) => {
  const dataDir = tempDir('crewd-closerestore-');
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'warn', CREWD_BOOTSTRAP_KEY: key, PORT: '0' });
  const first = await createRuntime(config, { logger: createLogger('silent'), modelProvider: parked });
  const workspace = await first.workspaces.create({ name: 'restore', plan: 'enterprise', credits: null, concurrentOutcomes: 100_000, requestsPerMinute: 1_000_000 });
  const template = await first.outcomes.deploy(workspace, 'writer', { brief: 'Unfinished outcome about heat pumps' });
  await first.actorHost.flushed();
  await first.close();
  const file = knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  await cloneUnfinished(file, template.id, 999);
  t.is(Number((await file('actors').where({ status: 'active' }).count({ n: '*' }))[0]!.n), 1000);
  await file.destroy();

  let restored = 0;
  const output = await captured(async () => {
    const second = await createRuntime(config, { logger: createLogger('warn'), modelProvider: parked, runActors: false });
    const restoring = second.startActors();
    await new Promise((resolve) => setImmediate(resolve));
    restored = await restoring;
    await second.close();
  });
  t.is(output, '');
  t.is(restored, 1000, 'every unfinished outcome was restored');
});

test.serial('SIGTERM with 150 outcomes running exits 0 within CREWD_SHUTDOWN_MS with no error output; a restart completes each once', async (t) => {
  const dataDir = tempDir('crewd-sigterm-');
  const port = await freePort();
  const env = { ...process.env, CREWD_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', CREWD_BOOTSTRAP_KEY: key, CREWD_LOCAL_MODEL_DELAY_MS: '300', CREWD_SHUTDOWN_MS: '10000', CREWD_LOG_LEVEL: 'info' };
  const url = `http://127.0.0.1:${port}`;
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function serve() {
    const child = spawn(process.execPath, serveArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null }>((resolve) => child.once('exit', (code) => resolve({ code })));
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`serve exited: ${output}`);
      // Its own line first: another test's server could hold the port and answer /healthz.
      return output.includes(`crewd ${url} `) && fetch(`${url}/healthz`).then(() => true, () => false);
    }, 'serve to answer', { timeoutMs: 120_000, everyMs: 50 });
    t.teardown(() => void child.kill('SIGKILL'));
    return { child, exited, output: () => output };
  }
  const call = async (method: string, urlPath: string, body?: unknown) => {
    const response = await fetch(url + urlPath, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    return { status: response.status, body: (await response.json()) as any };
  };

  const first = await serve();
  const ids: string[] = [];
  // 150 (50 per crew) keep the server busy at the SIGTERM with stages in flight on every crew; 500
  // proved the same at three times the CPU, most of it spent completing them after the restart.
  for (let i = 0; i < 150; i += 25) {
    const batch = await Promise.all(Array.from({ length: 25 }, (_, j) => call('POST', `/v1/crews/${['writer', 'mind', 'pilot'][(i + j) % 3]}/run`, { brief: `Shutdown test outcome ${i + j} about resilient systems` })));
    for (const response of batch) {
      t.is(response.status, 201);
      ids.push(response.body.outcome_id);
    }
  }
  const started = Date.now();
  first.child.kill('SIGTERM');
  const { code } = await first.exited;
  const took = Date.now() - started;
  t.is(code, 0);
  t.true(took < 10_000, `shutdown took ${took} ms`);
  const lines = first.output().split('\n').filter((line) => line.trim() !== '');
  const bad = lines.filter((line) => /error|Error|"level":(50|60)/.test(line) && !line.startsWith('crewd http'));
  t.deepEqual(bad, [], 'no error lines on stdout or stderr');

  const file = knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  const unfinished = await file('outcomes').whereIn('id', ids).andWhere('status', 'processing').count({ n: '*' });
  await file.destroy();
  t.true(Number(unfinished[0]!.n) > 0, 'outcomes were still running at SIGTERM');

  const second = await serve();
  // Completed stays completed, so the pause grows to 200 ms: at a fixed 20 ms the 150 waits in a
  // row polled thousands of times, each poll costing this file and the server CPU.
  for (const id of ids) {
    await until(async () => {
      const view = await call('GET', `/v1/outcomes/${id}`);
      if (view.body.status === 'failed') throw new Error(`${id}: ${JSON.stringify(view.body.error)}`);
      return view.body.status === 'completed';
    }, `${id} completed`, { timeoutMs: 180_000, maxEveryMs: 200 });
  }
  second.child.kill('SIGTERM');
  t.is((await second.exited).code, 0);
  const check = knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'crewd.sqlite') }, useNullAsDefault: true });
  t.teardown(() => check.destroy());
  const completed = await check('events').whereIn('outcome_id', ids).andWhere('kind', 'outcome.completed').select('outcome_id');
  t.is(completed.length, ids.length, 'one outcome.completed per outcome');
  t.is(new Set(completed.map((row: { outcome_id: string }) => row.outcome_id)).size, ids.length);
});
