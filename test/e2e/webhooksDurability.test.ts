import fs from 'node:fs';
import test from 'ava';
import { manualClock } from '../../runtime/clock.js';
import { freePort, keyedCall, serveProcess, stopProcess } from '../helpers/processes.js';
import { startServer, tempDir } from '../helpers/server.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { webhooksSettled } from '../helpers/webhooksSettled.js';

const secret = 'whsec_durability_0123456789';
const bootstrapKey = 'crew_sk_durabilitytest0123456789';

const call = keyedCall(bootstrapKey);

for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
  test(`a retry waiting when the server dies (${signal}) arrives after restart, exactly once`, async (t) => {
    const dataDir = tempDir();
    const receiver = await startReceiver({ secret, plan: [500], otherwise: 200 });
    const port = String(await freePort());
    const env = {
      CREWD_DATA_DIR: dataDir,
      PORT: port,
      CREWD_BOOTSTRAP_KEY: bootstrapKey,
      CREWD_ALLOW_PRIVATE_URLS: '1',
      CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,1500,1500',
      CREWD_WEBHOOK_TIMEOUT_MS: '1000',
    };
    let { child, url } = await serveProcess({ CREWD_LOG_LEVEL: 'silent', ...env });
    t.teardown(async () => {
      await stopProcess(child, 'SIGKILL');
      await receiver.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const hook = await call(url, 'POST', '/v1/webhooks', { url: receiver.url, events: ['outcome.completed'], secret });
    t.is(hook.status, 201);
    // The test operation answers after the first attempt is stored: failed (500), retry pending.
    const first = await call(url, 'POST', `/v1/webhooks/${hook.body.id}/test`, {});
    t.like(first.body, { status: 'failed', response_code: 500, attempt: 1 });
    t.truthy(first.body.next_retry);
    await stopProcess(child, signal);
    t.is(receiver.arrivals.length, 1);

    ({ child, url } = await serveProcess({ CREWD_LOG_LEVEL: 'silent', ...env }));
    const arrivals = await receiver.waitFor(2);
    t.true(arrivals.every((a) => a.verified));
    t.is(arrivals[1]!.headers['x-service-delivery'], first.body.id, 'the same delivery, resumed');
    t.is(arrivals[1]!.headers['x-service-attempt'], '2');
    t.is(arrivals[1]!.body, arrivals[0]!.body, 'the same bytes as before the restart');
    t.true(arrivals[1]!.at >= Date.parse(first.body.next_retry) - 50, 'not before it was due');
    // Nothing left that could send (a third schedule slot or a re-fired timer needs an unfinished delivery): count now.
    await webhooksSettled([url], bootstrapKey);
    t.is(receiver.arrivals.length, 2, 'exactly once');
    const deliveries = await call(url, 'GET', `/v1/webhooks/${hook.body.id}/deliveries`);
    t.like(deliveries.body.deliveries[0], { id: first.body.id, status: 'success', attempt: 2, response_code: 200 });
  });
}

test('the real schedule (immediate, 1 min, 5 min, 30 min, 2 h) on a simulated clock', async (t) => {
  const clock = manualClock('2026-03-01T12:00:00.000Z');
  // Jitter off: the schedule's exact delays are asserted (webhookRetryPolicy.test.ts covers jitter).
  const server = await startServer({ CREWD_WEBHOOK_TIMEOUT_MS: '2000', CREWD_WEBHOOK_RETRY_JITTER: '0' }, { clock });
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret, otherwise: 503 });
  t.teardown(() => receiver.close());
  const created = await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.failed'], secret } });
  const dispatcher = server.runtime.eventsOut.dispatcher;
  const timers = server.runtime.scheduler;

  const event = { id: 'evt_clock1', workspace_id: server.workspaceId, outcome_id: 'out_clock', sequence: 1, kind: 'outcome.failed', timestamp: clock.now().toISOString(), data: { outcome_id: 'out_clock' } };
  await server.runtime.repos.events.append([event]);
  server.runtime.eventBus.publish([event]);
  await receiver.waitFor(1);
  await dispatcher.idle();

  const delays = [60_000, 300_000, 1_800_000, 7_200_000];
  for (const [index, delay] of delays.entries()) {
    const attempt = index + 1;
    const [delivery] = (await server.call('GET', `/v1/webhooks/${created.body.id}/deliveries`)).body.deliveries;
    t.like(delivery, { status: 'failed', attempt, response_code: 503 });
    t.is(Date.parse(delivery.next_retry) - Date.parse(delivery.delivered_at), delay, `attempt ${attempt + 1} waits ${delay} ms`);

    clock.advance(delay - 1);
    await timers.fireDue();
    await dispatcher.idle();
    t.is(receiver.arrivals.length, attempt, 'nothing before it is due');
    clock.advance(1);
    await timers.fireDue();
    await receiver.waitFor(attempt + 1);
    await dispatcher.idle();
  }
  const [last] = (await server.call('GET', `/v1/webhooks/${created.body.id}/deliveries`)).body.deliveries;
  t.like(last, { status: 'failed', attempt: 5, response_code: 503 });
  t.false('next_retry' in last, 'the fifth failure is final');
  t.is(await server.runtime.repos.timers.get('webhook.retry', last.id), undefined);
  clock.advance(24 * 3_600_000);
  await timers.fireDue();
  t.is(receiver.arrivals.length, 5, 'five attempts in all');
  t.deepEqual(
    receiver.arrivals.map((a) => a.headers['x-service-attempt']),
    ['1', '2', '3', '4', '5'],
  );
});
