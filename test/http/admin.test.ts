import test from 'ava';
import { startServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

test("workspace B's admin:read key does not list workspace A's actors", async (t) => {
  // Slow agents keep the outcome's actor alive while we look.
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '2000' });
  t.teardown(() => server.close());
  const other = await server.runtime.workspaces.create({ name: 'tenant-b', plan: 'growth' });
  const { secret: otherKey } = await server.runtime.keys.create({ workspaceId: other.id, name: 'b admin', permissions: ['admin:read'] });

  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a note that only workspace A may see.' } });
  t.is(deployed.status, 201);
  const own = await until(async () => {
    const res = await server.call('GET', '/v1/admin/actors');
    return res.body.actors.some((a: { id: string }) => a.id === deployed.body.outcome_id) ? res : undefined;
  }, "A's actor in A's view");
  t.is(own.status, 200);

  const theirs = await server.call('GET', '/v1/admin/actors', { key: otherKey });
  t.is(theirs.status, 200);
  t.deepEqual(theirs.body, { actors: [], count: 0 });
});
