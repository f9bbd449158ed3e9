import { randomUUID } from 'node:crypto';
import { onEveryBackend } from '../helpers/backends.js';
import type { TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { waitForOutcome } from './outcomesHelpers.js';

const secret = 'whsec_scoped_0123456789abcdef';

/** Stores one event the way the engine does (row first, then the bus notice). */
async function emit(server: TestServer, kind: string, outcomeId: string) {
  const sequence = (await server.runtime.repos.events.lastSequence(outcomeId)) + 1;
  const event = { id: `evt_${randomUUID().replaceAll('-', '')}`, workspace_id: server.workspaceId, outcome_id: outcomeId, sequence, kind, timestamp: new Date().toISOString(), data: { outcome_id: outcomeId } };
  await server.runtime.repos.events.append([event]);
  server.runtime.eventBus.publish([event]);
}

onEveryBackend((backend) => backend.test('a webhook created with outcome_id gets that outcome\'s events only; a workspace-wide one gets all', async (t) => {
  const server = await backend.start();
  t.teardown(() => server.close());
  const scoped = await startReceiver({ secret });
  const wide = await startReceiver({ secret });
  t.teardown(() => Promise.all([scoped.close(), wide.close()]).then(() => undefined));

  // An outcome that waits for an approval: nothing of its own is emitted meanwhile.
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a blog post about planning a vegetable garden', approvals: { before_completion: true } } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const id = deployed.body.outcome_id as string;
  await waitForOutcome(server, id, (body) => Boolean(body.pending_action));

  const created = await server.call('POST', '/v1/webhooks', { body: { url: scoped.url, events: ['outcome.completed'], secret, outcome_id: id } });
  t.is(created.status, 201, JSON.stringify(created.body));
  t.is(created.body.outcome_id, id);
  const everything = await server.call('POST', '/v1/webhooks', { body: { url: wide.url, events: ['outcome.completed'], secret } });
  t.is(everything.body.outcome_id, null);
  t.is((await server.call('GET', `/v1/webhooks/${created.body.id}`)).body.outcome_id, id);

  await emit(server, 'outcome.completed', 'out_someoneelse');
  await emit(server, 'outcome.completed', id);
  await wide.waitFor(2);
  await until(() => scoped.arrivals.length >= 1, 'the scoped delivery');
  t.deepEqual(wide.arrivals.map((arrival) => JSON.parse(arrival.body).data.outcome_id).sort(), [id, 'out_someoneelse'].sort());
  // Fan-out made its delivery rows before any of them was sent: the scoped webhook has exactly one.
  t.is((await server.runtime.db('webhook_deliveries').where({ webhook_id: created.body.id })).length, 1);
  t.is(scoped.arrivals.length, 1);
  t.is(JSON.parse(scoped.arrivals[0]!.body).data.outcome_id, id);
  t.true(scoped.arrivals[0]!.verified);
  t.is(scoped.arrivals[0]!.headers['x-a2a-notification-token'], undefined, 'no token header on a webhook without one');
}));
