// Ranks the test files of a probed suite run (scripts/suiteCpu/probe.mjs) by CPU-seconds, own plus
// reaped children. `node scripts/suiteCpu/report.mjs <dir> [top]`.
import fs from 'node:fs';
import path from 'node:path';

const [dir, top = '20'] = process.argv.slice(2);
const records = fs.readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
const rows = records.map((r) => ({ file: path.relative(process.cwd(), r.file).replace(/^build\/tree\//, ''), own: r.ownS, children: r.childrenS, total: r.ownS + r.childrenS, wall: (r.endedAt - r.startedAt) / 1000 }));
rows.sort((a, b) => b.total - a.total);
const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
for (const row of rows.slice(0, Number(top))) {
  console.log(`${row.total.toFixed(1).padStart(7)} ${row.own.toFixed(1).padStart(6)} ${row.children.toFixed(1).padStart(6)} ${row.wall.toFixed(0).padStart(5)}s  ${row.file}`);
}
console.log(`${rows.length} files: ${sum('total').toFixed(0)} CPU-s (own ${sum('own').toFixed(0)}, children ${sum('children').toFixed(0)})`);
