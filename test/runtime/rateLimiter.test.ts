import { createRateLimiter } from '../../runtime/rateLimiter.js';
import { migratedPostgres, postgresTest } from '../helpers/postgres.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

postgresTest('requests arriving while a subject is being counted share the next round trip, and the count stays exact', async (t) => {
  const db = await migratedPostgres(t);
  const limiter = createRateLimiter(Date.now, { kind: 'postgres', db });
  t.teardown(() => limiter.close());
  await limiter.consume('ws_1', 60); // the subject's row exists: the blocker below can hold it
  // Another transaction holds the row, so the next count stays in flight until it commits.
  const blocker = await db.transaction();
  await blocker.raw("SELECT * FROM rate_limits WHERE key = 'rpm60:ws_1' FOR UPDATE");
  // The library sends each count on a connection it takes from the pool (no knex query event).
  let roundTrips = 0;
  const client = db.client as { acquireConnection(): Promise<unknown> };
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = () => {
    roundTrips += 1;
    return acquire();
  };
  const decisions = [limiter.consume('ws_1', 60)];
  await turn();
  // 60 more, each in a turn of its own, all while the first is in flight.
  for (let i = 0; i < 60; i++) {
    decisions.push(limiter.consume('ws_1', 60));
    await turn();
  }
  await blocker.commit();
  const results = await Promise.all(decisions);
  t.is(roundTrips, 2, 'the one in flight, then the 60 that waited for it together');
  t.deepEqual(results.map((decision) => decision.allowed).lastIndexOf(true), 58, '60 a minute: the 60th request (one came before) is the last allowed');
  t.is(results.filter((decision) => !decision.allowed).length, 2);
  t.is(results[58]!.remaining, 0);
});
