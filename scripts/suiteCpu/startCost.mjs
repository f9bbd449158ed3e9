// What a crewd start costs, from a transpiled tree (build/tree after `npm run pretest`, or another
// tree built the same way): `node scripts/suiteCpu/startCost.mjs <tree> [runs]`. Per run, two lines:
// `serve`, the CPU-seconds (user, sys; read from /proc) of a `crewd serve --json` child from spawn
// to its ready line, on SQLite in a fresh data directory; `in-process`, the CPU-seconds a process
// spends importing app/createRuntime.js and then creating and listening a runtime, as the test
// helpers' `startServer` does. The node running this script runs both (so `--enable-source-maps`,
// NODE_COMPILE_CACHE and the Node version apply to each).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [tree, runs = '5', inner] = process.argv.slice(2);
const root = path.resolve(tree);
const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

if (inner === 'in-process') {
  const before = process.cpuUsage();
  const { loadConfig } = await import(pathToFileURL(path.join(root, 'runtime/config.js')).href);
  const { createLogger } = await import(pathToFileURL(path.join(root, 'runtime/logger.js')).href);
  const { createRuntime } = await import(pathToFileURL(path.join(root, 'app/createRuntime.js')).href);
  const imported = process.cpuUsage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-startcost-'));
  const config = loadConfig({ CREWD_LOG_LEVEL: 'silent', CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: `crew_sk_${'a'.repeat(40)}`, PORT: '0', HOST: '127.0.0.1' });
  const runtime = await createRuntime(config, { logger: createLogger(config.logLevel), bootstrap: true });
  await runtime.listen();
  const listening = process.cpuUsage();
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const seconds = (from, to) => (to.user - from.user + to.system - from.system) / 1e6;
  console.log(JSON.stringify({ import: seconds(before, imported), start: seconds(imported, listening) }));
  process.exit(0);
}

/** user and sys CPU-seconds of a live process. */
function cpuOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) / ticks, sys: Number(fields[12]) / ticks };
}

async function serveOnce() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-startcost-'));
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  const child = spawn(process.execPath, [...process.execArgv, path.join(root, 'app/cli/main.js'), 'serve', '--json'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cpu = await new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`serve exited with ${code} before it was ready`)));
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      if (out.includes('bootstrap_key')) resolve(cpuOf(child.pid));
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  return cpu;
}

for (let run = 1; run <= Number(runs); run++) {
  const serve = await serveOnce();
  const inProcess = JSON.parse(execFileSync(process.execPath, [...process.execArgv, import.meta.filename, root, '1', 'in-process'], { encoding: 'utf8' }));
  console.log(`run ${run}: serve ${(serve.user + serve.sys).toFixed(2)} CPU-s (user ${serve.user.toFixed(2)}, sys ${serve.sys.toFixed(2)}); in-process ${(inProcess.import + inProcess.start).toFixed(2)} CPU-s (import ${inProcess.import.toFixed(2)}, createRuntime and listen ${inProcess.start.toFixed(2)})`);
}
