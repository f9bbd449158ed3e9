import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { startServer } from '../helpers/server.js';

const run = promisify(execFile);
const repo = path.resolve('.');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// A user's program: it knows the package only by its name and its published types.
const program = `
import { createCrewdClient, CrewdApiError, unwrap, type Outcome, type StreamMessage } from '@crewd/client';

declare const process: { env: Record<string, string | undefined> }; // (no @types/node in this project)

const client = createCrewdClient({ baseUrl: process.env.CREWD_URL!, apiKey: process.env.CREWD_KEY! });
const brief = 'Write a short article about composting in small city apartments.';

const deployed = unwrap(await client.api.POST('/v1/crews/{crew_id}/deploy', { params: { path: { crew_id: 'writer' } }, body: { brief } }));
const all: StreamMessage[] = [];
for await (const message of client.follow(deployed.outcome_id)) all.push(message);
const events = all.filter((m) => m.event !== 'outcome.snapshot');
const middle = events[Math.floor(events.length / 2)]!.sequence;
const resumed: number[] = [];
for await (const message of client.follow(deployed.outcome_id, { after: middle })) if (message.event !== 'outcome.snapshot') resumed.push(message.sequence);

for (let i = 0; i < 2; i++) unwrap(await client.api.POST('/v1/crews/{crew_id}/run', { params: { path: { crew_id: 'writer' } }, body: { brief } }));
const listed: Outcome[] = [];
for await (const outcome of client.outcomes({ limit: 1 })) listed.push(outcome);

let error: { status: number; code: string; message: string } | undefined;
try {
  unwrap(await client.api.GET('/v1/outcomes/{outcome_id}', { params: { path: { outcome_id: 'out_missing' } } }));
} catch (caught) {
  if (caught instanceof CrewdApiError) error = { status: caught.status, code: caught.code, message: caught.message };
}
console.log(JSON.stringify({ last: all.at(-1)!.event, sequences: events.map((m) => m.sequence), middle, resumed, listed: listed.map((o) => o.id), error }));
`;

test('the client packs, installs into a fresh project outside the repository, compiles and runs against a real server', async (t) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-client-user-'));
  t.teardown(() => fs.rmSync(work, { recursive: true, force: true }));
  t.false(work.startsWith(repo), 'the project lives outside the repository');

  // npm pack runs the package's prepack (its build to dist/ with declarations). It packs a copy of
  // the package: a build into the repository's own dist/ would rewrite, file by file, the modules
  // that other test files' crewd processes are loading at that moment (the CLI imports the client).
  const source = path.join(work, 'client');
  fs.cpSync(path.join(repo, 'clients/typescript'), source, { recursive: true, filter: (from) => path.basename(from) !== 'dist' });
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(source, 'node_modules'), 'dir');
  const { stdout: packed } = await run(npm, ['pack', '--json', '--pack-destination', work], { cwd: source, maxBuffer: 16 * 1024 * 1024 });
  const [info] = JSON.parse(packed.slice(packed.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const files = info!.files.map((f) => f.path);
  t.true(files.includes('dist/index.js') && files.includes('dist/index.d.ts'), files.join(', '));
  t.false(files.some((f) => f.startsWith('src/')), 'only the build is published');

  const project = path.join(work, 'app');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'crewd-user', private: true, type: 'module' }));
  fs.writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: [], strict: true, skipLibCheck: false, outDir: 'out' }, include: ['main.ts'] }),
  );
  fs.writeFileSync(path.join(project, 'main.ts'), program);
  await run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', path.join(work, info!.filename)], { cwd: project, maxBuffer: 16 * 1024 * 1024 });
  t.true(fs.existsSync(path.join(project, 'node_modules/openapi-fetch')), 'openapi-fetch came as a dependency');
  await run(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project }).catch((error: { stdout: string }) => {
    throw new Error(`the program does not compile against the package:\n${error.stdout}`);
  });

  const server = await startServer();
  t.teardown(() => server.close());
  const { stdout } = await run(process.execPath, [path.join(project, 'out/main.js')], { cwd: project, env: { ...process.env, CREWD_URL: server.url, CREWD_KEY: server.key } });
  const report = JSON.parse(stdout) as { last: string; sequences: number[]; middle: number; resumed: number[]; listed: string[]; error: { status: number; code: string; message: string } };
  t.is(report.last, 'outcome.completed');
  t.deepEqual(report.resumed, report.sequences.filter((s) => s > report.middle), 'resuming after a sequence gives exactly the later events');
  t.is(report.listed.length, 3);
  t.is(new Set(report.listed).size, 3);
  t.deepEqual({ status: report.error.status, code: report.error.code }, { status: 404, code: 'not_found' });
  t.regex(report.error.message, /out_missing/);
});
