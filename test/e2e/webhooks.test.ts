import { randomUUID } from 'node:crypto';
import test from 'ava';
import { manualClock } from '../../runtime/clock.js';
import { openApiChecker } from '../helpers/openapi.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startReceiver } from '../helpers/webhookReceiver.js';

const secret = 'whsec_test_0123456789abcdef';

/** Stores one event the way the engine does (row first, then the bus notice) and returns it. */
async function emit(server: TestServer, kind: string, data: Record<string, unknown> = {}, options: { workspaceId?: string; outcomeId?: string } = {}) {
  const outcomeId = options.outcomeId ?? 'out_webhooktest';
  const sequence = (await server.runtime.repos.events.lastSequence(outcomeId)) + 1;
  const event = {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    workspace_id: options.workspaceId ?? server.workspaceId,
    outcome_id: outcomeId,
    sequence,
    kind,
    timestamp: new Date().toISOString(),
    data: { outcome_id: outcomeId, ...data },
  };
  await server.runtime.repos.events.append([event]);
  server.runtime.eventBus.publish([event]);
  return event;
}

async function createWebhook(server: TestServer, body: Record<string, unknown>) {
  const created = await server.call('POST', '/v1/webhooks', { body: { secret, events: ['outcome.completed'], ...body } });
  if (created.status !== 201) throw new Error(`webhook create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as { id: string; secret: string };
}

test('a webhook is created with its secret echoed once, listed with statistics, updated and deleted', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);

  const created = await server.call('POST', '/v1/webhooks', {
    body: { url: 'https://hooks.example.com/crewd', events: ['outcome.completed', 'outcome.failed'], secret, description: 'prod' },
  });
  t.is(created.status, 201);
  check(t, 'POST', '/v1/webhooks', 201, created.body);
  t.regex(created.body.id, /^wh_/);
  t.is(created.body.secret, secret);
  t.like(created.body, { active: true, debug: false, description: 'prod', delivery_count: 0, last_delivery: null, success_rate: 0 });

  const list = await server.call('GET', '/v1/webhooks');
  t.is(list.status, 200);
  check(t, 'GET', '/v1/webhooks', 200, list.body);
  t.is(list.body.webhooks.length, 1);
  t.false(JSON.stringify(list.body).includes(secret), 'the secret is never shown again');

  const rows = await server.runtime.db('webhooks').select('*');
  t.false(JSON.stringify(rows).includes(secret), 'the secret is stored encrypted');
  t.regex(rows[0].secret, /^v1\./);

  const updated = await server.call('PATCH', `/v1/webhooks/${created.body.id}`, { body: { events: ['crew.agent_started'], active: false, debug: true, description: 'staging' } });
  t.is(updated.status, 200);
  check(t, 'PATCH', '/v1/webhooks/{webhook_id}', 200, updated.body);
  t.like(updated.body, { id: created.body.id, events: ['crew.agent_started'], active: false, debug: true, description: 'staging' });
  t.false('secret' in updated.body);

  const deleted = await server.call('DELETE', `/v1/webhooks/${created.body.id}`);
  t.is(deleted.status, 200);
  check(t, 'DELETE', '/v1/webhooks/{webhook_id}', 200, deleted.body);
  t.deepEqual(deleted.body, { id: created.body.id, deleted: true });
  t.deepEqual((await server.call('GET', '/v1/webhooks')).body.webhooks, []);
  t.is((await server.call('DELETE', `/v1/webhooks/${created.body.id}`)).status, 404, 'deleting twice is 404');
  t.is((await server.call('PATCH', `/v1/webhooks/${created.body.id}`, { body: { active: true } })).status, 404);
});

test('invalid webhooks are refused with 400 naming the field', async (t) => {
  const server = await startServer({ CREWD_ALLOW_PRIVATE_URLS: '0' });
  t.teardown(() => server.close());
  const base = { url: 'https://hooks.example.com/x', events: ['outcome.completed'], secret };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['plain http', { ...base, url: 'http://hooks.example.com/x' }, 'url'],
    ['a private address', { ...base, url: 'https://10.0.0.7/x' }, 'url'],
    ['loopback by name', { ...base, url: 'https://localhost/x' }, 'url'],
    ['credentials in the url', { ...base, url: 'https://user:pw@hooks.example.com/x' }, 'url'],
    ['not a url', { ...base, url: 'hooks' }, 'url'],
    ['an unknown event kind', { ...base, events: ['outcome.exploded'] }, 'events.0'],
    ['no events', { ...base, events: [] }, 'events'],
    ['a short secret', { ...base, secret: 'short' }, 'secret'],
    ['a missing secret', { url: base.url, events: base.events }, 'secret'],
    ['an unknown field', { ...base, colour: 'red' }, 'colour'],
  ];
  for (const [name, body, field] of cases) {
    const answer = await server.call('POST', '/v1/webhooks', { body });
    t.is(answer.status, 400, name);
    t.is(answer.body.error.code, 'invalid_request', name);
    t.is(answer.body.error.details.field, field, name);
  }
  t.is((await server.call('PATCH', '/v1/webhooks/wh_missing', { body: {} })).status, 400, 'an empty update is refused');
});

test("another workspace's webhook is 404 everywhere", async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const hook = await createWebhook(server, { url: 'https://hooks.example.com/a' });
  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'pro' });
  const { secret: otherKey } = await server.runtime.keys.create({
    workspaceId: other.id,
    name: 'other',
    permissions: ['integrations:read', 'integrations:write'],
  });
  t.is((await server.call('PATCH', `/v1/webhooks/${hook.id}`, { key: otherKey, body: { active: false } })).status, 404);
  t.is((await server.call('DELETE', `/v1/webhooks/${hook.id}`, { key: otherKey })).status, 404);
  t.is((await server.call('GET', `/v1/webhooks/${hook.id}/deliveries`, { key: otherKey })).status, 404);
  t.is((await server.call('POST', `/v1/webhooks/${hook.id}/test`, { key: otherKey, body: {} })).status, 404);
  t.deepEqual((await server.call('GET', '/v1/webhooks', { key: otherKey })).body.webhooks, []);
  const readOnly = await server.runtime.keys.create({ workspaceId: server.workspaceId, name: 'ro', permissions: ['integrations:read'] });
  const forbidden = await server.call('POST', '/v1/webhooks', { key: readOnly.secret, body: { url: 'https://x.example.com', events: ['outcome.completed'], secret } });
  t.is(forbidden.status, 403);
  t.is(forbidden.body.error.details.required_permission, 'integrations:write');
});

// The attempt timeout leaves room for a loaded CI machine: an attempt cut before the receiver saw it
// would shift every later attempt number. Only the 'hang' attempt waits it out.
test('failed attempts are retried on the schedule with the same signed bytes until a 2xx', async (t) => {
  // 5 s: the hanging attempt must time out, and the answered ones must not on a loaded machine.
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,150,150,150,150', CREWD_WEBHOOK_TIMEOUT_MS: '5000' });
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret, plan: [500, 503, 'hang', 200] });
  t.teardown(() => receiver.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);
  const hook = await createWebhook(server, { url: receiver.url });

  const event = await emit(server, 'outcome.completed', { status: 'completed' });
  const arrivals = await receiver.waitFor(4);
  t.true(arrivals.every((a) => a.verified), 'every attempt carries a valid signature');
  t.deepEqual(JSON.parse(arrivals[0]!.body), { event: 'outcome.completed', timestamp: event.timestamp, data: event.data });
  t.true(arrivals.every((a) => a.body === arrivals[0]!.body), 'the same bytes on every attempt');
  const deliveryIds = new Set(arrivals.map((a) => a.headers['x-service-delivery']));
  t.is(deliveryIds.size, 1, 'X-Service-Delivery is stable across retries');
  t.regex([...deliveryIds][0] as string, /^del_/);
  t.deepEqual(arrivals.map((a) => a.headers['x-service-attempt']), ['1', '2', '3', '4']);
  t.true(arrivals.every((a) => a.headers['x-service-event'] === 'outcome.completed'));
  t.true(arrivals.every((a) => !Number.isNaN(Date.parse(String(a.headers['x-service-timestamp'])))));
  for (let i = 1; i < arrivals.length; i++) t.true(arrivals[i]!.at - arrivals[i - 1]!.at >= 100, 'retries wait for their delay');

  await server.runtime.eventsOut.dispatcher.idle();
  const deliveries = await server.call('GET', `/v1/webhooks/${hook.id}/deliveries`);
  check(t, 'GET', '/v1/webhooks/{webhook_id}/deliveries', 200, deliveries.body);
  const deliveryId = [...deliveryIds][0];
  t.deepEqual(
    deliveries.body.deliveries.map((d: Record<string, unknown>) => [d.id, d.attempt, d.status, d.response_code]),
    [
      [deliveryId, 4, 'success', 200],
      [deliveryId, 3, 'failed', 0],
      [deliveryId, 2, 'failed', 503],
      [deliveryId, 1, 'failed', 500],
    ],
    'every attempt, newest first, 0 where no answer came',
  );
  const [fourth, third, second, first] = deliveries.body.deliveries;
  t.false('next_retry' in fourth);
  t.regex(third.error, /no answer/);
  for (const attempt of [first, second, third]) t.true(Number.isInteger(attempt.response_time_ms) && typeof attempt.next_retry === 'string');
  t.true(fourth.delivered_at > third.delivered_at && third.delivered_at > second.delivered_at);
  const [listed] = (await server.call('GET', '/v1/webhooks')).body.webhooks;
  t.like(listed, { delivery_count: 1, success_rate: 1 });
  t.truthy(listed.last_delivery);
});

test('a failed attempt shows as failed with next_retry while attempts remain, and as final after the last', async (t) => {
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000', CREWD_WEBHOOK_TIMEOUT_MS: '15000', CREWD_WEBHOOK_RETRY_JITTER: '0' });
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret, otherwise: 500 });
  t.teardown(() => receiver.close());
  const hook = await createWebhook(server, { url: receiver.url });
  await emit(server, 'outcome.completed');
  await receiver.waitFor(1);
  await server.runtime.eventsOut.dispatcher.idle();
  const [delivery] = (await server.call('GET', `/v1/webhooks/${hook.id}/deliveries`)).body.deliveries;
  t.like(delivery, { status: 'failed', response_code: 500, attempt: 1 });
  t.is(Date.parse(delivery.next_retry) - Date.parse(delivery.delivered_at), 60_000);
  const timer = await server.runtime.repos.timers.get('webhook.retry', delivery.id);
  t.is(timer?.due_at, delivery.next_retry, 'the wait is a durable timer row');
});

test('a webhook gets only the kinds it subscribed to, nothing while inactive, and nothing of other workspaces', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const completed = await startReceiver({ secret });
  const started = await startReceiver({ secret });
  const inactive = await startReceiver({ secret });
  t.teardown(() => Promise.all([completed.close(), started.close(), inactive.close()]).then(() => undefined));
  await createWebhook(server, { url: completed.url, events: ['outcome.completed'] });
  await createWebhook(server, { url: started.url, events: ['crew.agent_started'] });
  const paused = await createWebhook(server, { url: inactive.url, events: ['outcome.completed', 'crew.agent_started', 'outcome.failed'], active: false });
  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'pro' });

  await emit(server, 'crew.agent_started', { agent: 'researcher' });
  await emit(server, 'outcome.processing');
  await emit(server, 'outcome.completed');
  await emit(server, 'outcome.completed', {}, { workspaceId: other.id, outcomeId: 'out_other' });
  await server.runtime.eventsOut.dispatcher.idle();
  await completed.waitFor(1);
  await started.waitFor(1);
  t.deepEqual(completed.arrivals.map((a) => JSON.parse(a.body).event), ['outcome.completed']);
  t.deepEqual(started.arrivals.map((a) => JSON.parse(a.body).event), ['crew.agent_started']);
  t.is(inactive.arrivals.length, 0, 'an inactive webhook receives nothing');

  await server.call('PATCH', `/v1/webhooks/${paused.id}`, { body: { active: true } });
  await emit(server, 'outcome.failed');
  await inactive.waitFor(1);
  await server.runtime.eventsOut.dispatcher.idle();
  t.deepEqual(inactive.arrivals.map((a) => JSON.parse(a.body).event), ['outcome.failed'], 'after re-activation only new events arrive');
  t.is(completed.arrivals.length, 1);
});

test('the test operation sends the event asked for (webhook.test when none is), marked as a test, and answers with the first attempt', async (t) => {
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000' });
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret, plan: [200, 503] });
  t.teardown(() => receiver.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);
  const hook = await createWebhook(server, { url: receiver.url, events: ['outcome.completed'], active: false });

  const ok = await server.call('POST', `/v1/webhooks/${hook.id}/test`, { body: { event: 'outcome.completed' } });
  t.is(ok.status, 200);
  check(t, 'POST', '/v1/webhooks/{webhook_id}/test', 200, ok.body);
  t.like(ok.body, { event: 'outcome.completed', status: 'success', response_code: 200, attempt: 1 });
  t.true(Number.isInteger(ok.body.response_time_ms));
  const [arrival] = await receiver.waitFor(1);
  t.true(arrival!.verified);
  const payload = JSON.parse(arrival!.body);
  t.is(payload.event, 'outcome.completed');
  t.is(arrival!.headers['x-service-event'], 'outcome.completed');
  t.like(payload.data, { webhook_id: hook.id, test: true });
  t.is(typeof payload.data.message, 'string');
  t.is(arrival!.headers['x-service-delivery'], ok.body.id);

  const failed = await server.call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
  t.is(failed.status, 200);
  t.like(failed.body, { event: 'webhook.test', status: 'failed', response_code: 503, attempt: 1 });
  t.is(JSON.parse((await receiver.waitFor(2))[1]!.body).event, 'webhook.test');
  t.truthy(failed.body.next_retry, 'a failed test delivery is retried like any other');
});

test('with debug on, the payload carries the attempt, the webhook and outcome links', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret });
  t.teardown(() => receiver.close());
  const hook = await createWebhook(server, { url: receiver.url });
  await server.call('PATCH', `/v1/webhooks/${hook.id}`, { body: { debug: true } });
  const event = await emit(server, 'outcome.completed', { status: 'completed' });
  const [arrival] = await receiver.waitFor(1);
  t.true(arrival!.verified, 'the debug body is signed as sent');
  const payload = JSON.parse(arrival!.body);
  t.deepEqual(payload.data, event.data);
  t.like(payload.debug, { attempt: 1, webhook_id: hook.id, event_id: event.id, outcome_id: event.outcome_id, delivery_id: arrival!.headers['x-service-delivery'] });
  t.is(payload.debug.outcome_url, `${server.url}/v1/outcomes/${event.outcome_id}`);
});

test('a deleted webhook gets no more attempts', async (t) => {
  const clock = manualClock(new Date());
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000', CREWD_WEBHOOK_RETRY_JITTER: '0' }, { clock });
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret, otherwise: 500 });
  t.teardown(() => receiver.close());
  const hook = await createWebhook(server, { url: receiver.url });
  await emit(server, 'outcome.completed');
  await receiver.waitFor(1);
  await server.runtime.eventsOut.dispatcher.idle();
  await server.call('DELETE', `/v1/webhooks/${hook.id}`);
  // The retry falls due after the delete.
  clock.advance(60_000);
  await server.runtime.scheduler.fireDue();
  await server.runtime.eventsOut.dispatcher.idle();
  t.is(receiver.arrivals.length, 1);
  const [row] = await server.runtime.db('webhook_deliveries').select('*');
  t.is(row.state, 'failed');
  t.regex(row.error, /deleted/);
});
