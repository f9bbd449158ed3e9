import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { crewdArgs } from './compiledTree.js';
import { until } from './until.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A port no one listens on, for a child process to take. Drawn at random below Linux's ephemeral
 * range (32768 and up): a port the kernel hands out for `listen(0)` is also what it hands every
 * outgoing connection, so a client socket of the busy suite could hold it by the time the child
 * binds. Between this check and the child's bind another test can still take it; `startProcess`
 * therefore waits for the child's own word that it listens.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * Starts a tsx script of this repo as a child process and waits until `readyUrl` answers. `crewd`
 * itself (`app/cli/main.ts`) runs from the transpiled tree (./compiledTree.ts), at half the CPU.
 *
 * `crewd serve` is ready when it prints its own `--json` line, which it does once it listens: a
 * port from `freePort` is free only when asked, and another test's server that took it meanwhile
 * would answer `readyUrl` while this child is still migrating (CI saw a test stop such a child and
 * find no tables). Other scripts are ready when `readyUrl` answers.
 */
export async function startProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  return (await launch(args, env, readyUrl)).child;
}

/**
 * `crewd serve` on a port the kernel picks as it binds (PORT=0), ready at the URL it announces:
 * no other test can take that port between a check and the bind, as it can one from `freePort`
 * (two tests drawing the same free port made one child exit at its bind). For a process that is
 * never restarted on the same port; a restart passes the port this one got.
 */
export async function startServing(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return launch(['app/cli/main.ts', 'serve', ...args], { ...env, PORT: '0' }, (listening) => `${listening}/healthz`);
}

/** `ready`: the URL that answers once the child is up, or how to make it from the URL `crewd serve` announces. */
async function launch(args: string[], env: Record<string, string>, ready: string | ((listening: string) => string)): Promise<{ child: ChildProcess; url: string }> {
  const [script = '', ...rest] = args;
  const serving = script === 'app/cli/main.ts' && rest[0] === 'serve';
  const nodeArgs = script === 'app/cli/main.ts' ? await crewdArgs(serving && !rest.includes('--json') ? [...rest, '--json'] : rest) : ['--import', 'tsx', ...args];
  const child = spawn(process.execPath, nodeArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', serving ? 'pipe' : 'ignore', 'inherit'] });
  let listening: string | undefined;
  if (serving) {
    let buffered = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (listening !== undefined) return; // drained, so a chatty child never blocks on a full pipe
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      // Log lines share stdout; the serve line is the one that carries `bootstrap_key`.
      for (const line of lines) {
        const parsed = JSON.parse(line) as { url?: string; bootstrap_key?: unknown };
        if (typeof parsed.url === 'string' && 'bootstrap_key' in parsed) listening = parsed.url;
      }
    });
  } else if (typeof ready !== 'string') throw new Error('only crewd serve announces the URL it listens at');
  // Generous: a loaded machine can take long to start a process (restoring 300 outcomes took over
  // 120 s at load 20); this only bounds a hang.
  try {
    const readyUrl = await until(async () => {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (serving && listening === undefined) return false;
      const url = typeof ready === 'string' ? ready : ready(listening!);
      if (serving && new URL(listening!).port !== new URL(url).port) throw new Error(`${args.join(' ')} listens at ${listening}, not at ${url}`);
      return fetch(url).then(() => url, () => false);
    }, `${args.join(' ')} to answer at ${typeof ready === 'string' ? ready : 'the URL it announces'}`, { timeoutMs: 240_000, everyMs: 50 });
    return { child, url: new URL(readyUrl).origin };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/**
 * `crewd serve` as a child process, as an operator runs it; resolves once it answers. Without
 * `PORT` it binds one the kernel picks (`startServing`), so a restart gets a new URL.
 */
export async function serveProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const withDefaults = { CREWD_LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env };
  if (env.PORT === undefined) return startServing([], withDefaults);
  const url = `http://127.0.0.1:${env.PORT}`;
  const child = await startProcess(['app/cli/main.ts', 'serve'], withDefaults, `${url}/healthz`);
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
