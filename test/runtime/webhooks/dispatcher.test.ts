import fs from 'node:fs';
import test from 'ava';
import { randomIds } from '../../../runtime/ids.js';
import { newDelivery } from '../../../runtime/webhooks/newDelivery.js';
import { startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { startReceiver } from '../../helpers/webhookReceiver.js';

const secret = 'whsec_dispatcher_0123456789';
const bootstrapKey = 'crew_sk_dispatchertest0123456789';

function eventRow(server: TestServer, sequence: number, kind = 'outcome.completed') {
  return {
    id: `evt_dispatch_${sequence}`,
    workspace_id: server.workspaceId,
    outcome_id: 'out_dispatch',
    sequence,
    kind,
    timestamp: new Date().toISOString(),
    data: { outcome_id: 'out_dispatch', n: sequence },
  };
}

test('events stored while the dispatcher is down are sent after start, and nothing is sent twice across restarts', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const receiver = await startReceiver({ secret });
  t.teardown(() => receiver.close());
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrapKey };

  let server = await startServer(env);
  await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.completed'], secret } });
  for (const n of [1, 2, 3]) {
    const event = eventRow(server, n);
    await server.runtime.repos.events.append([event]);
    server.runtime.eventBus.publish([event]);
  }
  await receiver.waitFor(3);
  await server.close();

  // Written while no dispatcher runs (another process, or before a restart).
  server = await startServer(env, { runActors: false });
  await server.runtime.repos.events.append([eventRow(server, 4), eventRow(server, 5)]);
  t.is(receiver.arrivals.length, 3, 'a runtime without workers sends nothing');
  await server.close();

  server = await startServer(env);
  t.teardown(() => server.close());
  await receiver.waitFor(5);
  await server.runtime.eventsOut.dispatcher.idle();
  // One more fan-out pass and one more recovery pass, run to the end: neither may send anything again.
  server.runtime.eventBus.publish([]);
  await server.runtime.eventsOut.dispatcher.recover(0);
  await server.runtime.eventsOut.dispatcher.idle();
  const numbers = receiver.arrivals.map((a) => JSON.parse(a.body).data.n as number).sort();
  t.deepEqual(numbers, [1, 2, 3, 4, 5], 'each event exactly once');
  t.true(receiver.arrivals.every((a) => a.verified), 'the secret decrypts after a restart');
  t.is(await server.runtime.repos.webhookDeliveries.readCursor('webhooks'), 5);
});

test('a delivery whose first attempt never finished (a crash) is attempted at start', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const receiver = await startReceiver({ secret });
  t.teardown(() => receiver.close());
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrapKey };

  let server = await startServer(env, { runActors: false });
  const hook = await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.completed'], secret } });
  const now = new Date().toISOString();
  const body = JSON.stringify({ event: 'outcome.completed', timestamp: now, data: { outcome_id: 'out_crash' } });
  // What a fan-out commits before its actors run: the row, the cursor past its event.
  await server.runtime.repos.webhookDeliveries.insertMany([
    { ...newDelivery(randomIds, { webhookId: hook.body.id, workspaceId: server.workspaceId, eventId: 'evt_crash', kind: 'outcome.completed', body, test: false, now }), id: 'del_crashedbeforeattempt' },
  ]);
  await server.close();

  server = await startServer(env);
  t.teardown(() => server.close());
  const [arrival] = await receiver.waitFor(1);
  t.is(arrival!.body, body, 'the stored bytes are what is sent');
  t.is(arrival!.headers['x-service-delivery'], 'del_crashedbeforeattempt');
  t.true(arrival!.verified);
  await server.runtime.eventsOut.dispatcher.idle();
  const row = await server.runtime.repos.webhookDeliveries.get('del_crashedbeforeattempt');
  t.like(row, { state: 'succeeded', attempt: 1, response_code: 200 });
  t.is(row?.snapshot, null, 'a finished delivery keeps its result in its row, and no snapshot');
});

test('a waiting delivery whose timer row was lost is rescheduled at start', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const receiver = await startReceiver({ secret, plan: [500], otherwise: 200 });
  t.teardown(() => receiver.close());
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrapKey, CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,60000' };

  let server = await startServer(env);
  const hook = await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.completed'], secret } });
  const first = await server.call('POST', `/v1/webhooks/${hook.body.id}/test`, { body: {} });
  t.like(first.body, { status: 'failed', attempt: 1 });
  await server.close();
  // The timer fired and the process died before the next result was stored.
  const { openDb } = await import('../../../storage/db.js');
  const db = openDb({ dataDir });
  t.is(await db('timers').where({ kind: 'webhook.retry' }).delete(), 1);
  // It fired because it was due: the retry time has passed.
  await db('webhook_deliveries').where({ id: first.body.id }).update({ next_retry: new Date(Date.now() - 1_000).toISOString() });
  await db.destroy();

  server = await startServer(env);
  t.teardown(() => server.close());
  const arrivals = await receiver.waitFor(2);
  t.is(arrivals[1]!.headers['x-service-attempt'], '2');
  await server.runtime.eventsOut.dispatcher.idle();
  t.like(await server.runtime.repos.webhookDeliveries.get(first.body.id), { state: 'succeeded', attempt: 2 });
});

test('the fan-out reads whole (with their data) only events a webhook wants, each at most once', async (t) => {
  const dataDir = tempDir();
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const receiver = await startReceiver({ secret });
  t.teardown(() => receiver.close());
  const server = await startServer({ CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: bootstrapKey });
  t.teardown(() => server.close());
  await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.completed'], secret } });
  // Every event row a read returned with its data, by id.
  const wholeReads = new Map<string, number>();
  server.runtime.db.on('query-response', (rows: unknown) => {
    if (!Array.isArray(rows)) return;
    for (const row of rows as Array<Record<string, unknown>>) {
      if (typeof row?.id === 'string' && row.id.startsWith('evt_dispatch_') && 'data' in row) wholeReads.set(row.id, (wholeReads.get(row.id) ?? 0) + 1);
    }
  });
  const commit = async (sequence: number, kind: string) => {
    const event = eventRow(server, sequence, kind);
    await server.runtime.repos.events.append([event]);
    server.runtime.eventBus.publish([event]);
    await server.runtime.eventsOut.dispatcher.idle();
  };
  // Events no webhook wants: the fan-out moves past them without reading their data.
  for (const n of [1, 2, 3]) await commit(n, 'outcome.progress');
  t.is(await server.runtime.repos.webhookDeliveries.readCursor('webhooks'), 3);
  t.deepEqual([...wholeReads.keys()], [], 'no unwanted event read whole');
  // Wanted ones, then unwanted again: each delivered once, none read whole twice.
  for (const n of [4, 5, 6]) await commit(n, 'outcome.completed');
  for (const n of [7, 8]) await commit(n, 'outcome.progress');
  await commit(9, 'outcome.completed');
  await receiver.waitFor(4);
  t.deepEqual(receiver.arrivals.map((a) => JSON.parse(a.body).data.n as number).sort(), [4, 5, 6, 9]);
  t.true([...wholeReads.values()].every((reads) => reads === 1), JSON.stringify([...wholeReads]));
  t.true(['evt_dispatch_4', 'evt_dispatch_5', 'evt_dispatch_6', 'evt_dispatch_9'].every((id) => wholeReads.has(id)));
});
