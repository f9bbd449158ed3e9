import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { layers, root } from './importGraph.js';

/**
 * Contracts are declared, not inferred (issue 28, item 3): an exported type that is
 * `ReturnType<typeof createX>` makes the contract whatever the factory happens to return, so a
 * change inside a closure silently changes every caller's type. Each factory returns a declared
 * interface instead (`createX(...): X`), and each layer gathers its contracts in a `ports.ts`.
 */

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(relative));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(relative);
  }
  return found;
}

/** The file's code without its comments (a comment may name the old pattern to explain itself). */
const code = (file: string) =>
  fs
    .readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The exported type aliases and interfaces of `text` that spell a type as `ReturnType<typeof …>`. */
export function inferredExports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^export\s+type\s+(\w+)[^=;]*=([\s\S]*?);\s*$/gm)) {
    if (/ReturnType<\s*typeof\b/.test(match[2]!)) found.push(match[1]!);
  }
  for (const match of text.matchAll(/^export\s+interface\s+(\w+)[^{]*\{/gm)) {
    let depth = 1;
    let at = match.index + match[0].length;
    while (depth > 0 && at < text.length) {
      if (text[at] === '{') depth += 1;
      else if (text[at] === '}') depth -= 1;
      at += 1;
    }
    if (/ReturnType<\s*typeof\b/.test(text.slice(match.index, at))) found.push(match[1]!);
  }
  return found;
}

test('the check finds an inferred export, in a type alias and inside an interface, and passes a declared one', (t) => {
  t.deepEqual(inferredExports('export type Keys = ReturnType<typeof createKeys>;\n'), ['Keys']);
  t.deepEqual(inferredExports('export type Runtime = Awaited<ReturnType<typeof createRuntime>>;\n'), ['Runtime']);
  t.deepEqual(inferredExports('export interface Deps {\n  slot: ReturnType<typeof createSlot>;\n}\n'), ['Deps']);
  t.deepEqual(inferredExports('export interface Keys {\n  get(id: string): Promise<Key | undefined>;\n}\n'), []);
  t.deepEqual(inferredExports('function mount(validators: ReturnType<typeof createValidators>) {}\n'), []);
});

test('no exported type or interface of the source layers is ReturnType<typeof …>: contracts are declared (issue 28, item 3)', (t) => {
  const offending: string[] = [];
  let read = 0;
  for (const layer of layers) {
    if (!fs.existsSync(path.join(root, layer))) continue;
    for (const file of sourceFiles(layer)) {
      read += 1;
      for (const name of inferredExports(code(file))) offending.push(`${file}: ${name}`);
    }
  }
  t.true(read > 300, 'the source files were read');
  t.deepEqual(offending, []);
});
