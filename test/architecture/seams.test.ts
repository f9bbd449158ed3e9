import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './importGraph.js';
import { sourceFilesOfLayers } from './sourceFiles.js';

/** The TypeScript files of a source folder, recursively, relative to the root. */
function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(relative));
    else if (entry.name.endsWith('.ts')) found.push(relative);
  }
  return found;
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The file's code without its comments (a comment may well name a table to explain itself). */
const code = (file: string) => read(file).replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Every table the migrations create. */
function tableNames(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(path.join('storage', 'migrations'))) {
    for (const match of read(file).matchAll(/createTable\(\s*['"]([a-z_]+)['"]/g)) names.add(match[1]!);
  }
  return [...names];
}

/** The host's own tables: actor snapshots and leases, forwarded commands, the events log. */
const hostTables = new Set(['actors', 'actor_commands', 'events']);

test('the actor host names no machine\'s table: each machine registers the row writers of its own (issue 28)', (t) => {
  const tables = tableNames().filter((table) => !hostTables.has(table));
  t.true(tables.length > 20, 'the migrations were read');
  const offending: string[] = [];
  for (const file of sourceFiles(path.join('runtime', 'actors'))) {
    const text = code(file);
    for (const table of tables) if (new RegExp(`['"\`]${table}['"\`]`).test(text)) offending.push(`${file}: '${table}'`);
  }
  t.deepEqual(offending, []);
});

test('the actor host reaches no repository but its own and the credit guard\'s', (t) => {
  const own = new Set(['actors', 'events', 'credits']);
  const offending: string[] = [];
  for (const file of sourceFiles(path.join('runtime', 'actors'))) {
    for (const match of code(file).matchAll(/\brepos\.([a-zA-Z]+)/g)) if (!own.has(match[1]!)) offending.push(`${file}: repos.${match[1]}`);
  }
  t.deepEqual(offending, []);
});

test('the actor host reads time and chance only through what it is handed (STYLE: inject the clock)', (t) => {
  const reads = /\bDate\.now\(\)|\bnew Date\(\)|\bMath\.random\(\)|\bperformance\.now\(\)/;
  const offending = sourceFiles(path.join('runtime', 'actors')).filter((file) => reads.test(code(file)));
  t.deepEqual(offending, []);
});

test('no source layer reads the date but through the injected clock (issue 28, item 7)', (t) => {
  // Elapsed-time bounds on the process's own waits use performance.now(), which is not a date.
  const reads = /\bDate\.now\(\)|\bnew Date\(\)/;
  const offending = sourceFilesOfLayers().filter((file) => file !== 'runtime/clock.ts' && reads.test(code(file)));
  t.deepEqual(offending, []);
});

/**
 * Contracts are declared, not inferred (issue 28, item 3): these files export interfaces their
 * factories implement; a `ReturnType<typeof createX>` would make the contract whatever the
 * factory happens to return. The list grows as files are converted.
 */
const declaredContracts = [
  'runtime/actors/commandForwarding.ts',
  'runtime/webhooks/attemptRunner.ts',
  'runtime/webhooks/goneWebhook.ts',
  'runtime/webhooks/service.ts',
  'runtime/webhooks/signedSend.ts',
  'runtime/webhooks/retryAfter.ts',
  'machines/webhookRetryPolicy.ts',
  'machines/webhookDelivery.ts',
];

test('files with declared contracts export no ReturnType<typeof create…> type', (t) => {
  const offending = declaredContracts.filter((file) => /ReturnType<typeof create/.test(read(file)));
  t.deepEqual(offending, []);
});

/** The argument text of every `.provide(...)` call in `text` (balanced parentheses). */
function provideCalls(text: string): string[] {
  const calls: string[] = [];
  for (const match of text.matchAll(/\.provide\(/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < text.length) {
      const char = text[end++];
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
    }
    calls.push(text.slice(match.index, end));
  }
  return calls;
}

test('no machine slot is filled with a no-op: a slot the runtime does not need is not a slot (issue 28)', (t) => {
  const files = [...sourceFiles('runtime'), ...sourceFiles('app'), ...sourceFiles('plugins')];
  let provided = 0;
  const offending: string[] = [];
  for (const file of files) {
    for (const call of provideCalls(code(file))) {
      provided += 1;
      if (/\(\s*[\w\s,]*\)\s*=>\s*(\{\s*\}|undefined\b)/.test(call)) offending.push(`${file}: ${call.slice(0, 120)}`);
    }
  }
  t.true(provided >= 5, 'the machines\' .provide() calls were read');
  t.deepEqual(offending, []);
});
