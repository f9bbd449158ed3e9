import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify } from '@octokit/webhooks-methods';
import { keepIdleConnections } from './keepIdleConnections.js';

/** What the receiver does with one request: answer with a status, or never answer (a timeout). */
export type Answer = number | 'hang';

export interface Arrival {
  /** Date.now() when the request's body had arrived. */
  at: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Checked with @octokit/webhooks-methods, a maintained verifier we did not write. */
  verified: boolean;
  answer: Answer;
}

export interface Receiver {
  url: string;
  arrivals: Arrival[];
  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Arrival[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on loopback. Each request gets the next answer of `plan` (then `otherwise`),
 * its signature is verified with the webhook's secret, and its arrival is recorded.
 */
export async function startReceiver(options: { secret: string; plan?: Answer[]; otherwise?: Answer; port?: number }): Promise<Receiver> {
  const plan = [...(options.plan ?? [])];
  const otherwise = options.otherwise ?? 200;
  const arrivals: Arrival[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = plan.length > 0 ? plan.shift()! : otherwise;
      const signature = String(req.headers['x-service-signature'] ?? '');
      void verify(options.secret, body, signature)
        .catch(() => false)
        .then((verified) => {
          arrivals.push({ at: Date.now(), body, headers: req.headers, verified, answer });
          for (const waiter of [...waiters]) {
            if (arrivals.length >= waiter.count) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve();
            }
          }
          if (answer === 'hang') {
            hanging.add(res);
            return;
          }
          res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
        });
    });
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals,
    // 120 s: only a hang reaches it (15 s was short for a retried delivery at load 30).
    async waitFor(count, timeoutMs = 120_000) {
      if (arrivals.length < count) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`receiver got ${arrivals.length} of ${count} requests within ${timeoutMs} ms`)), timeoutMs);
          waiters.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
      }
      return arrivals.slice(0, count);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
