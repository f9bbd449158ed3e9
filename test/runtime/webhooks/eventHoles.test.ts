import type { ExecutionContext } from 'ava';
import knex, { type Knex } from 'knex';
import { pino } from 'pino';
import { createEventHoles } from '../../../runtime/webhooks/eventHoles.js';
import { eventsRepository, type EventsRepository } from '../../../storage/repositories/events.js';
import { migratedPostgres, postgresTest } from '../../helpers/postgres.js';
import { until } from '../../helpers/until.js';

function eventRow(n: number) {
  return {
    id: `evt_hole_${n}`,
    workspace_id: 'ws_holes',
    outcome_id: `out_hole_${n}`,
    sequence: 1,
    kind: 'outcome.completed',
    timestamp: new Date().toISOString(),
    data: { n },
  };
}

/**
 * crewd's events on a fresh Postgres, where a second session holds the first event's position in
 * an open transaction and the second event commits after it (another process's commit overtaking
 * this one's): a hole before the second event, with its writer still open.
 */
async function behindAnOpenWriter(t: ExecutionContext): Promise<{ events: EventsRepository; open: Knex.Transaction }> {
  const db = await migratedPostgres(t);
  const events = eventsRepository(db);
  const writer = knex({ client: 'pg', connection: db.client.config.connection, pool: { min: 0, max: 1 } });
  t.teardown(() => writer.destroy());
  const open = await writer.transaction();
  await eventsRepository(writer).append([eventRow(1)], open);
  await events.append([eventRow(2)]);
  return { events, open };
}

postgresTest('a hole whose writer commits between the read and the check is read again, not skipped as empty', async (t) => {
  const { events, open } = await behindAnOpenWriter(t);

  const batch = await events.listHeadsAfterPosition(0, 10);
  t.is(batch.length, 1, 'the reader sees the second event and a hole before it');
  const [only] = batch;
  const hole = only!.position - 1;

  // The writer commits right after the batch was read, before the hole is checked.
  let rereads = 0;
  const racing: Pick<EventsRepository, 'holeMayFill' | 'listBetweenPositions'> = {
    async holeMayFill(mark) {
      if (!open.isCompleted()) await open.commit();
      return events.holeMayFill(mark);
    },
    listBetweenPositions: (from, to) => events.listBetweenPositions(from, to),
  };
  const holes = createEventHoles({
    events: racing,
    monotonic: { now: () => performance.now() },
    logger: pino({ level: 'silent' }),
    gapWaitMs: 5_000,
    wake: () => rereads++,
    othersFanOut: () => false,
  });
  t.teardown(() => holes.close());

  const usable = await holes.contiguous(hole - 1, batch);
  t.deepEqual(usable, [], 'nothing is passed over while the hole holds a committed event');
  await until(() => rereads > 0, 'the fan-out is woken to read again');
  // The next read, from the same cursor, has both events in order.
  const again = await events.listHeadsAfterPosition(hole - 1, 10);
  t.deepEqual(
    (await holes.contiguous(hole - 1, again)).map((event) => event.position),
    [hole, hole + 1],
  );
});

postgresTest('a hole nobody can fill any more (its writer rolled back) is read past at once', async (t) => {
  const { events, open } = await behindAnOpenWriter(t);
  await open.rollback();

  const batch = await events.listHeadsAfterPosition(0, 10);
  const holes = createEventHoles({ events, monotonic: { now: () => performance.now() }, logger: pino({ level: 'silent' }), gapWaitMs: 5_000, wake: () => {}, othersFanOut: () => false });
  t.teardown(() => holes.close());
  t.deepEqual(await holes.contiguous(batch[0]!.position - 2, batch), batch);
});
