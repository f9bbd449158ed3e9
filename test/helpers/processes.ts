import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { crewdArgs } from './compiledTree.js';
import { until } from './until.js';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts a tsx script of this repo as a child process and waits until `readyUrl` answers. `crewd`
 * itself (`app/cli/main.ts`) runs from the transpiled tree (./compiledTree.ts), at half the CPU.
 */
export async function startProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const [script = '', ...rest] = args;
  const nodeArgs = script === 'app/cli/main.ts' ? await crewdArgs(rest) : ['--import', 'tsx', ...args];
  const child = spawn(process.execPath, nodeArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  // Generous: a loaded machine can take long to start a process (restoring 300 outcomes took over
  // 120 s at load 20); this only bounds a hang.
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      return fetch(readyUrl).then(() => true, () => false);
    }, `${args.join(' ')} to answer at ${readyUrl}`, { timeoutMs: 240_000, everyMs: 50 });
    return child;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** `crewd serve` as a child process, as an operator runs it (env needs PORT); resolves once it answers. */
export async function serveProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const url = `http://127.0.0.1:${env.PORT}`;
  const child = await startProcess(['app/cli/main.ts', 'serve'], { CREWD_LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env }, `${url}/healthz`);
  return { child, url };
}

/** Sends `signal` and waits for the process to exit. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * A JSON call to a server started as a child process, with `key` as its bearer: the crash tests
 * talk to a process they kill and restart, so they call by URL rather than through a TestServer.
 */
export function keyedCall(key: string) {
  return async (url: string, method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const response = await fetch(url + urlPath, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
}
