// Loaded into every ava worker by ava.probe.config.js (`--import`): at exit it writes one JSON file
// per test file with the CPU the worker used itself and the CPU of the children it reaped (crewd
// servers, emulate, Chromium, `npm`/`tsx` children: /proc/self/stat's cutime and cstime). Children
// still running at exit and Postgres backends are not counted. Linux only; a no-op elsewhere.
// `node scripts/suiteCpu/report.mjs <dir>` ranks the files.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const dir = process.env.CREWD_CPU_PROBE_DIR;
const startedAt = Date.now();
let file;

// ava sends the worker its test file over IPC; listening beside ava's own handler changes nothing.
process.on('message', (message) => {
  if (message?.ava?.type === 'options') file = message.ava.options.file;
});

function childrenSeconds() {
  // Fields after the command's closing parenthesis: cutime and cstime are the 14th and 15th there.
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

let written = false;
function write(how) {
  if (written || !dir || !file) return;
  written = true;
  const own = process.cpuUsage();
  const record = { file, how, ownS: (own.user + own.system) / 1e6, childrenS: childrenSeconds(), startedAt, endedAt: Date.now() };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${file.replace(/[^A-Za-z0-9]+/g, '_')}.json`), JSON.stringify(record));
}

process.on('exit', () => write('exit'));
// ava ends a worker whose event loop stays busy with SIGTERM: write, then die of the signal as before.
process.once('SIGTERM', () => {
  write('SIGTERM');
  process.kill(process.pid, 'SIGTERM');
});
