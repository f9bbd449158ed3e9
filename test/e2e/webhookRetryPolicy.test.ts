import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { manualClock } from '../../runtime/clock.js';
import { openApiChecker } from '../helpers/openapi.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const secret = 'whsec_retry_policy_0123456789';

interface PolicyReceiver {
  url: string;
  arrivals: number;
  close(): Promise<void>;
}

/** A real receiver on loopback answering every request with `status` and `headers` (a Retry-After, say). */
async function receiver(status: number, headers: Record<string, string> = {}): Promise<PolicyReceiver> {
  const state = { arrivals: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.arrivals += 1;
      res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end('no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    get arrivals() {
      return state.arrivals;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function createWebhook(server: TestServer, url: string): Promise<string> {
  const created = await server.call('POST', '/v1/webhooks', { body: { url, events: ['outcome.failed'], secret } });
  if (created.status !== 201) throw new Error(`webhook create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

/** Stores one `outcome.failed` event the way the engine does (row, then the bus notice) and waits for its deliveries' first attempts. */
async function emit(server: TestServer, clock: { now(): Date }, outcomeId: string): Promise<void> {
  const event = { id: `evt_${outcomeId}_1`, workspace_id: server.workspaceId, outcome_id: outcomeId, sequence: 1, kind: 'outcome.failed', timestamp: clock.now().toISOString(), data: { outcome_id: outcomeId } };
  await server.runtime.repos.events.append([event]);
  server.runtime.eventBus.publish([event]);
}

async function latestAttempt(server: TestServer, webhookId: string) {
  const [latest] = (await server.call('GET', `/v1/webhooks/${webhookId}/deliveries`)).body.deliveries;
  return latest;
}

/** The webhook's latest attempt once it shows a retry; undefined before. */
async function retried(server: TestServer, webhookId: string) {
  const latest = await latestAttempt(server, webhookId);
  return latest?.next_retry ? latest : undefined;
}

test('a Retry-After is honoured within the schedule: later is kept, earlier waits the schedule, longer is cut to the longest delay', async (t) => {
  const clock = manualClock('2026-03-01T12:00:00.000Z');
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000,600000', CREWD_WEBHOOK_RETRY_JITTER: '0', CREWD_WEBHOOK_TIMEOUT_MS: '2000' }, { clock });
  t.teardown(() => server.close());
  const later = await receiver(503, { 'retry-after': '120' });
  const earlier = await receiver(429, { 'retry-after': '5' });
  const longer = await receiver(503, { 'retry-after': 'Mon, 02 Mar 2026 12:00:00 GMT' });
  t.teardown(() => Promise.all([later, earlier, longer].map((one) => one.close())));
  const hooks = [await createWebhook(server, later.url), await createWebhook(server, earlier.url), await createWebhook(server, longer.url)];

  await emit(server, clock, 'out_retryafter');
  const waits = await Promise.all(
    hooks.map(async (hook) => {
      const attempt = await until(() => retried(server, hook), `the first attempt of ${hook}`, 15_000);
      return Date.parse(attempt.next_retry) - Date.parse(attempt.delivered_at);
    }),
  );
  t.deepEqual(waits, [120_000, 60_000, 600_000]);
  const timer = await server.runtime.repos.timers.get('webhook.retry', (await latestAttempt(server, hooks[0]!)).id);
  t.truthy(timer, 'the wait is a durable timer row');
});

test('retries are spread by jitter: never before the schedule, at most the jitter fraction after it', async (t) => {
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000', CREWD_WEBHOOK_RETRY_JITTER: '0.5', CREWD_WEBHOOK_TIMEOUT_MS: '2000' });
  t.teardown(() => server.close());
  const failing = await receiver(500);
  t.teardown(() => failing.close());
  const hooks: string[] = [];
  for (let i = 0; i < 8; i += 1) hooks.push(await createWebhook(server, failing.url));

  await emit(server, { now: () => new Date() }, 'out_jitter');
  const waits = await Promise.all(
    hooks.map(async (hook) => {
      const attempt = await until(() => retried(server, hook), `the first attempt of ${hook}`, 15_000);
      return Date.parse(attempt.next_retry) - Date.parse(attempt.delivered_at);
    }),
  );
  for (const wait of waits) t.true(wait >= 60_000 && wait <= 90_000, `${wait} ms is within [60 s, 90 s]`);
  t.true(new Set(waits).size > 1, `eight retries do not all wait the same (${waits.join(', ')})`);
});

test('410 Gone stops the retries and disables the webhook with a visible reason and a webhook.disabled event', async (t) => {
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000,60000', CREWD_WEBHOOK_TIMEOUT_MS: '2000' });
  t.teardown(() => server.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);
  const gone = await receiver(410);
  t.teardown(() => gone.close());
  const hook = await createWebhook(server, gone.url);

  await emit(server, { now: () => new Date() }, 'out_gone');
  const disabled = await until(async () => {
    const found = await server.call('GET', `/v1/webhooks/${hook}`);
    return found.body.active === false ? found : undefined;
  }, 'the webhook switched off');
  check(t, 'GET', '/v1/webhooks/{webhook_id}', 200, disabled.body);
  t.regex(disabled.body.disabled_reason, /410 Gone/);
  const attempt = await latestAttempt(server, hook);
  t.like(attempt, { status: 'failed', response_code: 410, attempt: 1 });
  t.false('next_retry' in attempt, 'no retry after a 410');
  t.is(await server.runtime.repos.timers.get('webhook.retry', attempt.id), undefined);
  const events = await server.runtime.db('events').where({ kind: 'webhook.disabled', workspace_id: server.workspaceId });
  t.is(events.length, 1);
  t.like(JSON.parse(events[0].data), { webhook_id: hook, delivery_id: attempt.id, status: 410 });

  // A disabled webhook gets nothing more; switching it on clears the reason.
  await emit(server, { now: () => new Date() }, 'out_gone_again');
  await server.runtime.eventsOut.dispatcher.idle();
  t.is(gone.arrivals, 1);
  const enabled = await server.call('PATCH', `/v1/webhooks/${hook}`, { body: { active: true } });
  t.like(enabled.body, { active: true, disabled_reason: null });
});
