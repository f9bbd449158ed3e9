import WebSocket from 'ws';
import { postgresTest } from '../helpers/postgres.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { webhooksSettled } from '../helpers/webhooksSettled.js';
import { startCluster } from './cluster.js';
import { until } from '../helpers/until.js';

const secret = 'whsec_scale_0123456789abcdef';

postgresTest('two processes on one database: deploys through either complete once, each webhook attempt is sent once, a stream on B follows an outcome run by A', async (t) => {
  const cluster = await startCluster(2, { CREWD_LOCAL_MODEL_DELAY_MS: '20' });
  const receiver = await startReceiver({ secret, otherwise: 200 });
  t.teardown(async () => {
    await receiver.close();
    await cluster.close();
  });
  const [a, b] = cluster.nodes as [NonNullable<(typeof cluster.nodes)[0]>, NonNullable<(typeof cluster.nodes)[0]>];

  // Registered through A: B's dispatcher must send to it too.
  const hook = await a.call('POST', '/v1/webhooks', { body: { url: receiver.url, events: ['outcome.created', 'outcome.completed'], secret } });
  t.is(hook.status, 201);

  // An outcome deployed through A, followed on B from before its first stage.
  const first = await a.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'A note written on process A, followed from process B.' } });
  t.is(first.status, 201);
  const followed = first.body.outcome_id as string;
  const ws = new WebSocket(`${b.url.replace('http', 'ws')}/v1/outcomes/${followed}/stream`, { headers: { authorization: `Bearer ${cluster.key}` } });
  const frames: Array<{ event: string; sequence: number }> = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));

  const ids = [followed];
  for (let i = 0; i < 10; i++) {
    const node = i % 2 === 0 ? b : a;
    const deployed = await node.call('POST', '/v1/crews/writer/deploy', { body: { brief: `Outcome ${i} of a two-process run.` } });
    t.is(deployed.status, 201);
    ids.push(deployed.body.outcome_id as string);
  }

  t.is(await closed, 1000);
  t.is(frames[0]!.event, 'outcome.snapshot');
  t.is(frames.at(-1)!.event, 'outcome.completed');
  const sequences = frames.slice(1).map((frame) => frame.sequence);
  t.deepEqual(sequences, sequences.map((_, i) => (sequences[0] ?? 1) + i), 'in order, no gap, no repeat');

  // Every outcome completes, each with exactly one outcome.completed event.
  await until(async () => {
    const rows = await cluster.db('outcomes').whereIn('id', ids).select('status');
    return rows.length === ids.length && rows.every((row) => row.status === 'completed');
  }, 'every outcome completed');
  const completions = await cluster.db('events').whereIn('outcome_id', ids).andWhere({ kind: 'outcome.completed' }).select('outcome_id');
  t.is(completions.length, ids.length);

  // Each event reaches the receiver once: 2 subscribed events per outcome, no duplicates.
  const arrivals = await receiver.waitFor(ids.length * 2);
  // Nothing left on either process that could send a second attempt or fan an event out again.
  await webhooksSettled([a.url, b.url], cluster.key);
  // The body names the event (kind, outcome); a second fan-out or a second attempt would repeat it.
  const eventIds = receiver.arrivals.map((arrival) => arrival.body);
  t.is(receiver.arrivals.length, ids.length * 2, 'no attempt sent twice');
  t.is(new Set(eventIds).size, eventIds.length);
  t.true(arrivals.every((arrival) => arrival.verified));
});
