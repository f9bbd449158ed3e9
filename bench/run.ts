import fs from 'node:fs';
import os from 'node:os';
import { benchHttp } from './http.js';

type Section = () => Promise<Record<string, number | string>>;

/**
 * `npm run bench`: every benchmark of the service, one section at a time (never in parallel: the
 * machine has two cores). `npm run bench -- http engine` runs only the named sections.
 */
async function optional(file: string, name: string): Promise<Section | undefined> {
  if (!fs.existsSync(new URL(file, import.meta.url))) return undefined;
  const module = (await import(file)) as Record<string, Section>;
  return module[name];
}

const sections: Record<string, Section | undefined> = {
  http: benchHttp,
  models: await optional('./models.ts', 'benchModels'),
  quality: await optional('./quality.ts', 'benchQuality'),
  engine: await optional('./engine.ts', 'benchEngine'),
  estimates: await optional('./estimates.ts', 'benchEstimates'),
  webhooks: await optional('./webhooks.ts', 'benchWebhooks'),
  chat: await optional('./chat.ts', 'benchChat'),
  tools: await optional('./tools.ts', 'benchTools'),
  scale: await optional('./scale.ts', 'benchScale'),
  propagation: await optional('./propagation.ts', 'benchPropagation'),
};

const wanted = process.argv.slice(2);
/** The machine's load averages (1, 5, 15 min): figures taken on a busy machine say so beside them. */
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
console.log(`crewd benchmarks on ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}; load average ${load()}`);
for (const [name, section] of Object.entries(sections)) {
  if (!section || (wanted.length > 0 && !wanted.includes(name))) continue;
  console.log(`\n## ${name} (load average at start ${load()})`);
  const figures = await section();
  for (const [label, value] of Object.entries(figures)) console.log(`${label.padEnd(52)} ${value}`);
  console.log(`${'load average at end'.padEnd(52)} ${load()}`);
}
process.exit(0);
