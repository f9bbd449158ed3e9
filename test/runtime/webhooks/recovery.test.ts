import test, { type ExecutionContext } from 'ava';
import { randomIds } from '../../../runtime/ids.js';
import { newDelivery } from '../../../runtime/webhooks/newDelivery.js';
import type { DeliveryRow } from '../../../storage/repositories/webhookDeliveries.js';
import { createPostgresDatabase, postgresTest } from '../../helpers/postgres.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startReceiver } from '../../helpers/webhookReceiver.js';

const secret = 'whsec_recovery_0123456789';

/** What a fan-out commits before its first attempt: the row, `scheduled`, attempt 0, last touched at `touchedAt`. */
function stranded(server: TestServer, webhookId: string, id: string, touchedAt: string): DeliveryRow {
  const body = JSON.stringify({ event: 'outcome.created', timestamp: touchedAt, data: { outcome_id: `out_${id.slice(4)}` } });
  return { ...newDelivery(randomIds, { webhookId, workspaceId: server.workspaceId, eventId: `evt_${id}`, kind: 'outcome.created', body, test: false, now: touchedAt }), id };
}

async function strandedDeliveriesAreSentWithoutRestart(t: ExecutionContext, env: Record<string, string>) {
  // Recovery every 100 ms; a delivery counts as stranded once untouched for 2 s.
  const server = await startServer(env, { eventsOut: { webhookRecoveryEveryMs: 100, webhookRecoveryGraceMs: 2_000 } });
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret });
  t.teardown(() => receiver.close());
  const hook = await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.created'], secret } });
  t.is(hook.status, 201);

  // As a node killed right after its fan-out committed leaves them: one old, one just written.
  const old = new Date(Date.now() - 60_000).toISOString();
  await server.runtime.repos.webhookDeliveries.insertMany([
    stranded(server, hook.body.id, 'del_strandedold0000001', old),
    stranded(server, hook.body.id, 'del_strandednew0000001', new Date(Date.now() + 60_000).toISOString()),
  ]);

  const [arrival] = await receiver.waitFor(1);
  t.is(arrival!.headers['x-service-delivery'], 'del_strandedold0000001', 'the stranded delivery went out while the server kept running');
  t.true(arrival!.verified);
  await server.runtime.eventsOut.dispatcher.idle();
  t.like(await server.runtime.repos.webhookDeliveries.get('del_strandedold0000001'), { state: 'succeeded', attempt: 1, response_code: 200 });

  // A second pass (another node, or the next tick) finds nothing left to take over.
  t.deepEqual(await server.runtime.eventsOut.dispatcher.recover(2_000), { deliveries: 0, timers: 0 });
  t.like(
    await server.runtime.repos.webhookDeliveries.get('del_strandednew0000001'),
    { state: 'scheduled', attempt: 0 },
    'a delivery within the grace period (maybe mid-attempt on another node) is left alone',
  );
  t.is(receiver.arrivals.length, 1, 'exactly once');
}

test('a delivery stranded after a crash (scheduled, attempt 0) is sent by periodic recovery, without a restart, on SQLite', async (t) => {
  await strandedDeliveriesAreSentWithoutRestart(t, {});
});

postgresTest('a delivery stranded after a crash (scheduled, attempt 0) is sent by periodic recovery, without a restart, on Postgres', async (t) => {
  const pg = await createPostgresDatabase();
  t.teardown(() => pg.drop());
  await strandedDeliveriesAreSentWithoutRestart(t, { CREWD_DATABASE_URL: pg.url });
});

test('two recoveries racing for the same stranded delivery: only one takes it', async (t) => {
  const server = await startServer({}, { eventsOut: { webhookRecoveryEveryMs: 3_600_000 } });
  t.teardown(() => server.close());
  const repo = server.runtime.repos.webhookDeliveries;
  const hook = await server.call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/x', events: ['outcome.created'], secret, active: false } });
  const old = new Date(Date.now() - 60_000).toISOString();
  await repo.insertMany([stranded(server, hook.body.id, 'del_racedrecovery00001', old)]);
  const [row] = await repo.listScheduled(10, '', new Date().toISOString());
  const [first, second] = [await repo.claimScheduled([row!], new Date().toISOString()), await repo.claimScheduled([row!], new Date().toISOString())];
  t.deepEqual(first, ['del_racedrecovery00001']);
  t.deepEqual(second, [], 'the compare-and-set on updated_at refuses the second claim');
});
