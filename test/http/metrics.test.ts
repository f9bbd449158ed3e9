import test from 'ava';
import { register as globalRegistry } from 'prom-client';
import WebSocket from 'ws';
import { createMetrics } from '../../runtime/metrics/createMetrics.js';
import { instrumentSender } from '../../runtime/metrics/instrumentSender.js';
import { createWebhookSender } from '../../runtime/webhooks/sender.js';
import { workspaceWithKey } from '../e2e/outcomesHelpers.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { until } from '../helpers/until.js';

/** The value of one sample line (`name{labels} value`), or undefined when the series has no such sample. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

async function scrape(server: TestServer) {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.key}` } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function deployAndWait(server: TestServer): Promise<string> {
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'A short guide to brewing green tea at home.' } });
  const id = deployed.body.outcome_id as string;
  return until(async () => ((await server.call('GET', `/v1/outcomes/${id}`)).body.status !== 'processing' ? id : undefined), `${id} finished`, { everyMs: 1 });
}

test('GET /metrics needs admin:read and answers the Prometheus text format', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  t.is((await server.call('GET', '/metrics', { key: null })).status, 401);
  const limited = await server.call('POST', '/v1/api-keys', { body: { name: 'reader', permissions: ['outcomes:read'] } });
  const forbidden = await server.call('GET', '/metrics', { key: limited.body.secret });
  t.is(forbidden.status, 403);
  t.is(forbidden.body.error.details.required_permission, 'admin:read');
  const scraped = await scrape(server);
  t.is(scraped.status, 200);
  t.regex(scraped.type ?? '', /^text\/plain; version=0\.0\.4/);
  t.regex(scraped.text, /# TYPE crewd_http_request_duration_seconds histogram/);
  // prom-client's default series: the process and the Node runtime.
  t.regex(scraped.text, /^process_cpu_seconds_total \d/m);
  t.regex(scraped.text, /^process_resident_memory_bytes \d/m);
  t.regex(scraped.text, /^nodejs_eventloop_lag_seconds \d/m);
  t.regex(scraped.text, /^nodejs_heap_size_used_bytes \d/m);
  // The webhook backlog a test (or an operator) waits on: nothing to send on a fresh server.
  t.regex(scraped.text, /^crewd_webhook_backlog\{kind="events"\} 0$/m);
  t.regex(scraped.text, /^crewd_webhook_backlog\{kind="deliveries"\} 0$/m);
});

test('metrics count requests by route template, outcomes by crew and status, stages, model calls and database transactions', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const id = await deployAndWait(server);
  await server.call('GET', `/v1/outcomes/${id}`);
  await server.call('GET', '/v1/outcomes/out_missing');
  const { text } = await scrape(server);

  t.true((sample(text, 'crewd_http_request_duration_seconds_count', { method: 'GET', route: '/v1/outcomes/:outcome_id', status: '200' }) ?? 0) >= 1);
  t.is(sample(text, 'crewd_http_request_duration_seconds_count', { method: 'GET', route: '/v1/outcomes/:outcome_id', status: '404' }), 1);
  t.is(sample(text, 'crewd_http_request_duration_seconds_count', { method: 'POST', route: '/v1/crews/:crew_id/deploy', status: '201' }), 1);
  t.false(text.includes(id), 'ids never become labels');
  t.is(sample(text, 'crewd_outcomes_total', { crew: 'writer', status: 'created' }), 1);
  t.is(sample(text, 'crewd_outcomes_total', { crew: 'writer', status: 'completed' }), 1);
  t.true((sample(text, 'crewd_stage_duration_seconds_count', { crew: 'writer' }) ?? 0) >= 1);
  t.true((sample(text, 'crewd_model_call_duration_seconds_count', { result: 'ok' }) ?? 0) >= 1);
  t.true((sample(text, 'crewd_db_duration_seconds_count', { kind: 'transaction', outcome: 'commit' }) ?? 0) >= 1);
  t.true((sample(text, 'crewd_db_duration_seconds_count', { kind: 'query', outcome: 'ok' }) ?? 0) >= 1);
  t.is(sample(text, 'crewd_stream_clients'), 0);
  t.is(sample(text, 'crewd_actor_flush_failures'), 0);
});

test('metrics show live actors by machine and state, and stream clients while they are connected', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '2000' });
  t.teardown(() => server.close());
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'A short guide to brewing green tea at home.' } });
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${deployed.body.outcome_id}/stream`, { headers: { authorization: `Bearer ${server.key}` } });
  t.teardown(() => ws.terminate());
  await new Promise((resolve) => ws.once('message', resolve));
  const { text } = await scrape(server);
  t.is(sample(text, 'crewd_stream_clients'), 1);
  t.true((sample(text, 'crewd_live_actors', { machine: 'outcome' }) ?? 0) >= 1, text.split('\n').filter((l) => l.startsWith('crewd_live_actors')).join('\n'));
  await server.call('POST', `/v1/outcomes/${deployed.body.outcome_id}/cancel`);
});

test('each runtime has its own registry, and nothing goes to prom-client\'s global one', async (t) => {
  const a = await startServer();
  const b = await startServer();
  t.teardown(async () => {
    await a.close();
    await b.close();
  });
  await deployAndWait(a);
  t.is(sample((await scrape(a)).text, 'crewd_outcomes_total', { status: 'created' }), 1);
  t.is(sample((await scrape(b)).text, 'crewd_outcomes_total', { status: 'created' }), undefined);
  t.deepEqual(await globalRegistry.getMetricsAsJSON(), []);
});

test('metrics show the queue depth of a workspace whose outcomes wait for a slot', async (t) => {
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '2000' });
  t.teardown(() => server.close());
  const { workspace, key } = await workspaceWithKey(server, 'narrow', { concurrentOutcomes: 1 });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const deployed = await server.call('POST', '/v1/crews/writer/deploy', { key, body: { brief: 'A short guide to brewing green tea at home.' } });
    t.is(deployed.status, 201, JSON.stringify(deployed.body));
    ids.push(deployed.body.outcome_id);
  }
  t.is(sample((await scrape(server)).text, 'crewd_queue_depth', { workspace: workspace.id }), 2);
  for (const id of ids) await server.call('POST', `/v1/outcomes/${id}/cancel`, { key });
});

test('webhook attempts are counted by result with their latency once the sender is instrumented', async (t) => {
  const metrics = createMetrics();
  const sender = instrumentSender(createWebhookSender({ timeoutMs: 5000, allowPrivate: true, clock: { now: () => performance.now() } }), metrics);
  t.teardown(() => sender.close());
  const receiver = await startReceiver({ secret: 'a-secret-of-enough-length', plan: [200, 500] });
  t.teardown(() => receiver.close());
  const send = (url: string) => sender.send({ url, body: '{}', headers: {} });
  t.true((await send(receiver.url)).ok);
  t.false((await send(receiver.url)).ok);
  t.false((await send('http://127.0.0.1:9/')).ok);
  const text = await metrics.registry.metrics();
  t.is(sample(text, 'crewd_webhook_attempt_duration_seconds_count', { result: 'success' }), 1);
  t.is(sample(text, 'crewd_webhook_attempt_duration_seconds_count', { result: 'failed' }), 1);
  t.is(sample(text, 'crewd_webhook_attempt_duration_seconds_count', { result: 'error' }), 1);
});

test('requests to a route without parameters are counted under its template whichever way they reach it, with cumulative buckets', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  t.is((await server.call('GET', '/v1/crews')).status, 200);
  t.is((await server.call('GET', '/v1/crews/')).status, 200, 'a trailing slash still reaches the route');
  t.is((await server.call('GET', '/v1/crews', { key: null })).status, 401);
  t.is((await server.call('GET', '/v1/nothing-here')).status, 404);
  const { text } = await scrape(server);

  t.is(sample(text, 'crewd_http_request_duration_seconds_count', { method: 'GET', route: '/v1/crews', status: '200' }), 2);
  t.is(sample(text, 'crewd_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '401' }), 1, 'refused before routing');
  t.is(sample(text, 'crewd_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' }), 1);
  const labels = { method: 'GET', route: '/v1/crews', status: '200' };
  const buckets = text.split('\n').filter((line) => line.startsWith('crewd_http_request_duration_seconds_bucket{') && line.includes('route="/v1/crews"') && line.includes('status="200"'));
  const counts = buckets.map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
  t.is(buckets.length, 12, 'eleven bounds and +Inf');
  t.deepEqual([...counts].sort((a, b) => a - b), counts, 'cumulative');
  t.is(sample(text, 'crewd_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }), 2);
  t.true((sample(text, 'crewd_http_request_duration_seconds_sum', labels) ?? -1) >= 0);
});
