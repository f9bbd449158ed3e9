import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
/** The service's source folders: what `crewd` loads. Tests, bench, clients and docs are not part of it. */
const sourceDirs = ['app', 'runtime', 'storage', 'machines', 'models', 'plugins', 'crews', 'quality', 'schemas', 'http'];
/** Mirrors older than this that nothing touched are removed when a new one is built. */
const staleMs = 6 * 60 * 60 * 1000;

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const dir of sourceDirs) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  return files.sort();
}

/**
 * The node_modules the mirror links to, as a real path: the tree it was built from (build/tree, a
 * worktree) may be removed later while its sources' hash lives on in another checkout's run.
 */
function dependencies(): string {
  return fs.realpathSync(path.join(root, 'node_modules'));
}

/**
 * Names the mirror after every source file's path and content, tsconfig.json, esbuild's version and
 * the node_modules it links to: two checkouts of one commit (a developer's and CI's on one machine)
 * must not share a mirror whose link leads into the one that is gone.
 */
function treeHash(files: string[]): string {
  const hash = createHash('sha256').update(dependencies()).update('\0');
  for (const file of [...files, 'tsconfig.json', 'node_modules/esbuild/package.json']) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildMirror(target: string, files: string[]): Promise<void> {
  const scratch = `${target}.building-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const typescript = files.filter((file) => file.endsWith('.ts'));
  for (const file of files.filter((name) => !name.endsWith('.ts'))) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(scratch, file));
  }
  // One file in, one file out, as tsx transforms them (esbuild, the project's tsconfig): no bundle, so
  // every import.meta.url and relative import stays where it was.
  await build({ entryPoints: typescript.map((file) => path.join(root, file)), outdir: scratch, outbase: root, format: 'esm', platform: 'node', target: `node${process.versions.node}`, tsconfig: path.join(root, 'tsconfig.json'), sourcemap: 'inline', logLevel: 'error' });
  fs.copyFileSync(path.join(root, 'package.json'), path.join(scratch, 'package.json'));
  fs.symlinkSync(dependencies(), path.join(scratch, 'node_modules'));
  try {
    // Atomic: a concurrent test file that built the same tree first wins; this copy is dropped.
    fs.renameSync(scratch, target);
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
  }
}

function pruneStale(parent: string, keep: string): void {
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith('crewd-compiled-') || path.join(parent, name) === keep) continue;
    const dir = path.join(parent, name);
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > staleMs) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // another test file removed it first
    }
  }
}

/** A link that is there but leads nowhere (what it named was removed): its mirror is built again. */
function dangling(link: string): boolean {
  try {
    fs.lstatSync(link);
  } catch {
    return false;
  }
  return !fs.existsSync(link);
}

let mirror: Promise<string> | undefined;

/**
 * The service's source transpiled to JavaScript once per content (under the temp dir, named by a
 * hash of the sources), so that child processes run `node <mirror>/app/cli/main.js` without tsx.
 * A `crewd` child started through tsx spends about 4 CPU-seconds loading (tsx's hooks answer every
 * module's resolve and load on another thread); the transpiled tree loads in about 2. The tests
 * that the operator's own commands start (`npm start`, `bin/crewd.js`) keep running through tsx.
 */
export function compiledTree(): Promise<string> {
  mirror ??= (async () => {
    const files = sourceFiles();
    const parent = os.tmpdir();
    const target = path.join(parent, `crewd-compiled-${treeHash(files)}`);
    if (dangling(path.join(target, 'node_modules'))) fs.rmSync(target, { recursive: true, force: true });
    if (!fs.existsSync(target)) {
      await buildMirror(target, files);
      pruneStale(parent, target);
    }
    const now = new Date();
    fs.utimesSync(target, now, now);
    return target;
  })();
  return mirror;
}

/** The node arguments that run `crewd <args>` from the transpiled tree. */
export async function crewdArgs(args: string[]): Promise<string[]> {
  return [path.join(await compiledTree(), 'app', 'cli', 'main.js'), ...args];
}
