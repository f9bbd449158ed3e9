import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { node22 } from './node22.js';
import { freePort } from './processes.js';

/**
 * Runs the `emulate` package (pinned 0.12.2) as a child process on a Node 22 binary (emulate needs
 * Node 22; the tests run on the project's Node; see node22.ts).
 * `config` is emulate's YAML seed. Answers each service's base URL by name.
 */
export async function startEmulate(services: string[], config: string): Promise<{ urls: Record<string, string>; close(): Promise<void> }> {
  const node = await node22();
  // `emulate` exports only its API entry (dist/api.js); the CLI sits beside it.
  const cli = path.join(path.dirname(fileURLToPath(import.meta.resolve('emulate'))), 'index.js');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crewd-emulate-'));
  const configFile = path.join(dir, 'emulate.config.yaml');
  await fs.writeFile(configFile, config);
  // emulate takes consecutive ports from the base: leave room above it.
  const port = await freePort();
  const child: ChildProcess = spawn(node, [cli, 'start', '--service', services.join(','), '--port', String(port), '--config', configFile], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  const urls = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulate did not start: ${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!output.includes('Ready.')) return;
      clearTimeout(timer);
      const found: Record<string, string> = {};
      for (const match of output.matchAll(/^\s+(\w+)\s+(http:\/\/localhost:\d+)/gm)) found[match[1]!] = match[2]!.replace('localhost', '127.0.0.1');
      resolve(found);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`emulate exited with ${code}: ${output}`)));
  });
  return {
    urls,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
