import net from 'node:net';
import test, { type ExecutionContext } from 'ava';
import { postgresTest } from './postgres.js';

export const redisUrl = process.env.CREWD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const howToStart = 'start it with: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no (or set CREWD_TEST_REDIS_URL)';

/** Why Redis cannot be used, or null when it answers PING with PONG. Checked once, when a test file loads this helper. */
async function probe(): Promise<string | null> {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    let answer = '';
    const done = (reason: string | null) => {
      socket.destroy();
      resolve(reason);
    };
    // Generous: a loaded machine can be slow to accept; this only bounds a Redis that never answers.
    socket.setTimeout(10_000, () => done(`no answer from Redis at ${redisUrl} within 10 s`));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += String(chunk);
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG') ? null : `Redis at ${redisUrl} answered ${JSON.stringify(answer.trim())} to PING`);
    });
    socket.once('error', (error) => done(`no Redis at ${redisUrl}: ${error.message}`));
  });
}

const unavailable = await probe();
if (unavailable !== null && process.env.CI) {
  // In CI a missing Redis is a failure of the run, never a quiet skip (.ci/run starts one).
  throw new Error(`CI is set and ${unavailable}; ${howToStart}`);
}

/** Registers a test that needs Redis and Postgres; without Redis it is skipped visibly (never in CI, see above). */
export function redisTest(title: string, body: (t: ExecutionContext) => Promise<void>): void {
  if (unavailable === null) postgresTest(title, body);
  else test.skip(`${title} (skipped: ${unavailable}; ${howToStart})`, body);
}
