import WebSocket from 'ws';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { startServer } from '../helpers/server.js';
import { startReceiver } from '../helpers/webhookReceiver.js';

const secret = 'whsec_postgres_0123456789';

postgresTest('on Postgres: fan-out, a retry on a durable timer, statistics and the stream', async (t) => {
  const pg = await createPostgresDatabase();
  const server = await startServer({ CREWD_DATABASE_URL: pg.url, CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,200' });
  const receiver = await startReceiver({ secret, plan: [503], otherwise: 200 });
  t.teardown(async () => {
    await receiver.close();
    await server.close();
    await pg.drop();
  });
  const hook = await server.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.completed', 'crew.agent_started'], secret } });
  t.is(hook.status, 201);

  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a note about Postgres-backed webhooks.' } });
  t.is(deployed.status, 201);
  const outcomeId = deployed.body.outcome_id as string;
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${outcomeId}/stream`, { headers: { authorization: `Bearer ${server.key}` } });
  const messages: Array<{ event: string; sequence: number }> = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
  t.is(code, 1000);
  t.is(messages[0]!.event, 'outcome.snapshot');
  t.is(messages.at(-1)!.event, 'outcome.completed');
  const sequences = messages.slice(1).map((m) => m.sequence);
  t.deepEqual(sequences, sequences.map((_, i) => i + 1));

  const stored = await server.runtime.repos.events.listForOutcome(outcomeId);
  const expected = stored.filter((e) => e.kind === 'outcome.completed' || e.kind === 'crew.agent_started').length;
  await receiver.waitFor(expected + 1); // one of them was answered 503 and retried
  await server.runtime.eventsOut.dispatcher.idle();
  t.true(receiver.arrivals.every((a) => a.verified));
  const [listed] = (await server.call('GET', '/v1/webhooks')).body.webhooks;
  t.is(listed.delivery_count, expected);
  t.is(listed.success_rate, 1);
});
