/**
 * Writes build/tree/: a copy of the repository (every file but .git, node_modules and build outputs)
 * with each TypeScript file also transpiled to JavaScript beside it, so that `npm test` runs ava on
 * plain JavaScript instead of through tsx.
 *
 * Why: tsx answers every module's resolve and load on a hooks thread. A test file that imports the
 * service loads about 1,500 modules, which cost about 2 CPU-seconds through tsx and well under 1 as
 * JavaScript; over 236 test files that was half the suite's CPU (docs/testing.md has the figures).
 *
 * The tree keeps the repository's layout and its `.ts` sources, so a test that reads a file by a
 * path relative to itself (docs, fixtures, the architecture tests' source scans, `tsx <fixture>.ts`)
 * finds it where it was. node_modules is a link to the repository's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'build', 'tree');
/** Not copied: version control, dependencies, outputs and local data. */
const skipped = new Set(['.git', 'node_modules', 'build', 'data', '.tmp']);

function repositoryFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === '' && skipped.has(entry.name)) && entry.name !== 'node_modules') walk(relative);
      } else if (entry.isFile()) {
        files.push(relative);
      }
    }
  };
  walk('');
  return files;
}

async function main(): Promise<void> {
  const started = performance.now();
  const files = repositoryFiles();
  const scratch = `${target}.building-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(scratch, file));
  }
  // One file in, one file out, as tsx transforms them (esbuild with the project's tsconfig): no bundle,
  // so every import.meta.url and relative import stays where it was. Declaration files have no code.
  const typescript = files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.startsWith(`clients${path.sep}typescript${path.sep}dist`));
  await build({
    entryPoints: typescript.map((file) => path.join(root, file)),
    outdir: scratch,
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: 'inline',
    logLevel: 'error',
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(scratch, target);
  console.log(`test tree: ${typescript.length} files transpiled into ${path.relative(root, target)} in ${Math.round(performance.now() - started)} ms`);
}

await main();
