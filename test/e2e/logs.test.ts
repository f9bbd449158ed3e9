import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import test from 'ava';
import knex from 'knex';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { freePort, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { crewdArgs } from '../helpers/compiledTree.js';

/** `crewd serve` from the transpiled tree (test/helpers/compiledTree.ts): half the CPU of a tsx start. */
const serveArgs = await crewdArgs(['serve']);

const root = path.resolve(import.meta.dirname, '../..');
const key = `crew_sk_logs${'x'.repeat(20)}`;

interface Served {
  child: ChildProcess;
  url: string;
  /** Every line written so far on stdout (the JSON log) and on stderr (the CLI's own messages). */
  lines: string[];
  errLines: string[];
  exited: Promise<number | null>;
}

/** `crewd serve` as an operator runs it, with stdout and stderr captured line by line. */
function serve(env: Record<string, string>): Served {
  const child = spawn(process.execPath, serveArgs, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', CREWD_BOOTSTRAP_KEY: key, CREWD_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const errLines: string[] = [];
  for (const [stream, into] of [
    [child.stdout!, lines],
    [child.stderr!, errLines],
  ] as const) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop()!;
      into.push(...parts.filter((line) => line.trim()));
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env.PORT}`, lines, errLines, exited };
}

async function ready(served: Served): Promise<void> {
  await until(async () => {
    if (served.child.exitCode !== null) throw new Error(`crewd serve exited: ${served.errLines.join('\n')}`);
    // Its own line first: another test's server could hold the port and answer /healthz.
    if (!served.errLines.some((line) => line.startsWith(`crewd ${served.url} `))) return undefined;
    return fetch(`${served.url}/healthz`).then(
      () => true,
      () => undefined,
    );
  }, 'the server to answer', 120_000);
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...walk(full)] : [full];
  });
}

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

test('a request\'s log line leaves within a second on a quiet server, and the data dir an operator made 0755 and every file in it are private', async (t) => {
  const dataDir = tempDir();
  fs.chmodSync(dataDir, 0o755);
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const served = serve({ PORT: String(await freePort()), CREWD_DATA_DIR: dataDir });
  t.teardown(() => stopProcess(served.child));
  await ready(served);

  // A deploy that exports its document to the drive, so crewd writes a file of its own.
  const deployed = await fetch(`${served.url}/v1/crews/writer/deploy`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ brief: 'Write a short article about composting in small city apartments.', integrations: { save_to_drive: true } }),
  });
  t.is(deployed.status, 201, await deployed.clone().text());
  const { outcome_id } = (await deployed.json()) as { outcome_id: string };
  await until(async () => {
    const view = (await (await fetch(`${served.url}/v1/outcomes/${outcome_id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { status: string };
    return ['completed', 'failed'].includes(view.status) ? view.status : undefined;
  }, 'the outcome to complete', 120_000);

  // Let the startup and the outcome's lines go out, then ask once on a quiet server.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const answered = await fetch(`${served.url}/v1/crews`, { headers: { authorization: `Bearer ${key}` } });
  t.is(answered.status, 200);
  const requestId = answered.headers.get('x-request-id')!;
  const asked = Date.now();
  // Generous bound for a loaded machine; before, the line waited for 4 KB of other lines (25 s+).
  const line = await until(() => served.lines.find((entry) => entry.includes(requestId)), 'the request line', 5_000);
  t.true(Date.now() - asked < 5_000);
  t.like(JSON.parse(line), { msg: 'request', path: '/v1/crews', status: 200 });
  for (const entry of served.lines) t.notThrows(() => JSON.parse(entry), entry);

  t.is(mode(dataDir), '700');
  const files = walk(dataDir);
  const exported = files.filter((file) => file.endsWith('.md'));
  t.true(exported.length >= 1, `no drive export in ${files.join(', ')}`);
  for (const file of files) t.is(mode(file), fs.statSync(file).isDirectory() ? '700' : '600', file);
});

/** A TCP relay to Postgres that can be cut, as a database outage looks from crewd. */
async function relay(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(5432, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => (client.destroy(), upstream.destroy());
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

postgresTest('during a Postgres outage every log line is JSON, the pool\'s connection errors too', async (t) => {
  const database = await createPostgresDatabase();
  t.teardown(() => database.drop());
  const relayPort = await freePort();
  const link = await relay(relayPort);
  const url = database.url.replace('127.0.0.1:5432', `127.0.0.1:${relayPort}`);
  const served = serve({ PORT: String(await freePort()), CREWD_DATA_DIR: tempDir(), CREWD_DATABASE_URL: url });
  t.teardown(() => stopProcess(served.child, 'SIGKILL'));
  await ready(served);
  t.is((await fetch(`${served.url}/v1/crews`, { headers: { authorization: `Bearer ${key}` } })).status, 200);

  await link.cut();
  // Requests that need the database while it is gone: an unknown key is looked up every time.
  for (let i = 0; i < 3; i++) {
    await fetch(`${served.url}/v1/outcomes`, { headers: { authorization: `Bearer crew_sk_unknown${i}${'y'.repeat(20)}` } }).catch(() => undefined);
  }
  // Wait for the pool's own line: other parts (the LISTEN connection, lease renewals) may log
  // ECONNREFUSED first, and the pool's line can follow in a later batch.
  await until(() => served.lines.some((line) => /Acquire connection error/.test(line)) && served.lines.some((line) => /ECONNREFUSED/.test(line)) || undefined, 'the pool error line');
  for (const line of served.lines) t.notThrows(() => JSON.parse(line), line);
  t.true(served.lines.some((line) => JSON.parse(line).source === 'knex' && /Acquire connection error/.test(line)));
  // stderr holds only the CLI's start banner, no plain-text pool errors.
  t.false(served.errLines.some((line) => /ECONNREFUSED|Acquire connection/.test(line)), served.errLines.join('\n'));
});

postgresTest('a Postgres URL naming a missing database: created when the user may, else one line naming it and the command', async (t) => {
  const admin = knex({ client: 'pg', connection: 'postgres://postgres@127.0.0.1:5432/postgres', pool: { min: 0, max: 1 } });
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const allowed = `crewd_missing_${suffix}`;
  const refused = `crewd_refused_${suffix}`;
  const role = `crewd_nocreate_${suffix}`;
  await admin.raw(`create role ${role} login nocreatedb`);
  t.teardown(async () => {
    await admin.raw(`drop database if exists ${allowed} with (force)`);
    await admin.raw(`drop role if exists ${role}`);
    await admin.destroy();
  });

  const created = serve({ PORT: String(await freePort()), CREWD_DATA_DIR: tempDir(), CREWD_DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${allowed}` });
  t.teardown(() => stopProcess(created.child));
  await ready(created);
  t.is((await fetch(`${created.url}/v1/crews`, { headers: { authorization: `Bearer ${key}` } })).status, 200);
  const exists = await admin.raw('select 1 from pg_database where datname = ?', [allowed]);
  t.is(exists.rows.length, 1);

  const stopped = serve({ PORT: String(await freePort()), CREWD_DATA_DIR: tempDir(), CREWD_DATABASE_URL: `postgres://${role}@127.0.0.1:5432/${refused}` });
  t.not(await stopped.exited, 0);
  const errorLines = stopped.errLines;
  t.is(errorLines.length, 1, errorLines.join('\n'));
  t.regex(errorLines[0]!, new RegExp(`database "${refused}" does not exist`));
  t.regex(errorLines[0]!, new RegExp(`createdb .*${refused}`));
  t.notRegex([...stopped.lines, ...errorLines].join('\n'), /\n\s+at /);
});

test('crewd deploy --follow ends with the outcome\'s title, not the front matter\'s fence', async (t) => {
  const { startServer } = await import('../helpers/server.js');
  const { execFile } = await import('node:child_process');
  const server = await startServer();
  t.teardown(() => server.close());
  const followed = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['bin/crewd.js', 'deploy', 'writer', '--brief', 'Write a short article about composting in small city apartments.', '--follow'], { cwd: root, env: { ...process.env, CREWD_URL: server.url, CREWD_API_KEY: server.key } }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    ),
  );
  const id = followed.split('\n')[0]!;
  const result = await server.call('GET', `/v1/outcomes/${id}/result`);
  // The title is the front matter's `title:` where the document has front matter, else its heading.
  const content = String(result.body.content ?? result.body.result?.content);
  const frontMatterTitle = /^---\n[\s\S]*?^title: (.+)$/m.exec(content)?.[1];
  const title = frontMatterTitle ? JSON.parse(frontMatterTitle) : /^# (.+)$/m.exec(content)?.[1];
  t.truthy(title, JSON.stringify(result.body).slice(0, 300));
  const summary = /completed in \d+\.\ds: "(.*)"/.exec(followed)?.[1];
  t.not(summary, '---');
  t.is(summary, title);
});
