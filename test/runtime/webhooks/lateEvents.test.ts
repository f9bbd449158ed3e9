import type { ExecutionContext } from 'ava';
import knex, { type Knex } from 'knex';
import { eventsRepository } from '../../../storage/repositories/events.js';
import { createPostgresDatabase, postgresTest } from '../../helpers/postgres.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startReceiver, type Receiver } from '../../helpers/webhookReceiver.js';
import { webhooksSettled } from '../../helpers/webhooksSettled.js';

const secret = 'whsec_late_events_0123456789';

function eventRow(server: TestServer, n: number) {
  return {
    id: `evt_late_${n}`,
    workspace_id: server.workspaceId,
    outcome_id: `out_late_${n}`,
    sequence: 1,
    kind: 'outcome.completed',
    timestamp: new Date().toISOString(),
    data: { outcome_id: `out_late_${n}`, n },
  };
}

/**
 * crewd on Postgres with a webhook for `outcome.completed`, and a writer that drew event 1's
 * position and stalls before its commit ends (a slow disk), on a session of its own: not idle in
 * its transaction (crewd's sessions are ended after 5 s idle there) but busy. Event 2 is committed
 * after it: the fan-out finds the hole, waits on the open writer for the hole's bound (5 s), then
 * reads past it; event 2 has arrived when this returns.
 */
async function pastAStalledWriter(t: ExecutionContext): Promise<{ server: TestServer; receiver: Receiver; stalled: Knex.Transaction; commit(n: number): Promise<void> }> {
  const pg = await createPostgresDatabase({ migrated: true });
  const receiver = await startReceiver({ secret });
  const server = await startServer({ CREWD_DATABASE_URL: pg.url });
  const writer = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 1 } });
  t.teardown(async () => {
    await writer.destroy();
    await server.close();
    await receiver.close();
    await pg.drop();
  });
  t.is((await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.completed'], secret } })).status, 201);
  const stalled = await writer.transaction();
  await eventsRepository(writer).append([eventRow(server, 1)], stalled);
  const commit = async (n: number) => {
    const event = eventRow(server, n);
    await server.runtime.repos.events.append([event]);
    server.runtime.eventBus.publish([event]);
  };
  await commit(2);
  const [first] = await receiver.waitFor(1, 60_000);
  t.is(JSON.parse(first!.body).data.n, 2, 'the event after the hole is not held up for good');
  return { server, receiver, stalled, commit };
}

const numbers = (receiver: Receiver) => receiver.arrivals.map((arrival) => JSON.parse(arrival.body).data.n as number).sort();

postgresTest('an event whose writer commits after the fan-out read past its hole is still delivered, once', async (t) => {
  const { server, receiver, stalled } = await pastAStalledWriter(t);
  // The stalled writer commits at last: its event is behind the cursor, and still delivered.
  await stalled.commit();
  await receiver.waitFor(2, 60_000);
  await webhooksSettled([server.url], server.key);
  t.deepEqual(numbers(receiver), [1, 2], 'each event once');
  t.true(receiver.arrivals.every((arrival) => arrival.verified));
});

postgresTest('a hole whose writer rolls back is let go: nothing is ever delivered for it', async (t) => {
  const { server, receiver, stalled, commit } = await pastAStalledWriter(t);
  await stalled.rollback();
  // A third event, after the rollback: delivered, and the rolled-back one never is.
  await commit(3);
  await receiver.waitFor(2, 60_000);
  await webhooksSettled([server.url], server.key);
  t.deepEqual(numbers(receiver), [2, 3]);
});
