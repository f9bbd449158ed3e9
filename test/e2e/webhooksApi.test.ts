import test from 'ava';
import { verify } from '@octokit/webhooks-methods';
import { manualClock } from '../../runtime/clock.js';
import { openApiChecker } from '../helpers/openapi.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startReceiver } from '../helpers/webhookReceiver.js';

const secret = 'whsec_api_0123456789abcdef';

async function createWebhook(server: TestServer, body: Record<string, unknown>) {
  const created = await server.call('POST', '/v1/webhooks', { body: { secret, events: ['outcome.completed'], ...body } });
  if (created.status !== 201) throw new Error(`webhook create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as { id: string; secret: string };
}

test('GET /v1/webhooks pages with limit and cursor like /v1/outcomes; a workspace holds at most 100 webhooks', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await createWebhook(server, { url: `https://hooks.example.com/${i}` })).id);

  const all = await server.call('GET', '/v1/webhooks');
  check(t, 'GET', '/v1/webhooks', 200, all.body);
  t.deepEqual(all.body.webhooks.map((w: { id: string }) => w.id), ids, 'oldest first, all of them by default');
  t.deepEqual(all.body.pagination, { next_cursor: null, has_more: false });

  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: any } = await server.call('GET', `/v1/webhooks?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    t.true(page.body.webhooks.length <= 2);
    seen.push(...page.body.webhooks.map((w: { id: string }) => w.id));
    cursor = page.body.pagination.next_cursor;
    t.is(page.body.pagination.has_more, cursor !== null);
  } while (cursor);
  t.deepEqual(seen, ids, 'the pages together are the list, each webhook once');

  t.like((await server.call('GET', '/v1/webhooks?cursor=bogus')).body.error, { code: 'invalid_request', details: { field: 'cursor' } });
  t.is((await server.call('GET', '/v1/webhooks?limit=101')).status, 400);
  t.is((await server.call('GET', '/v1/webhooks?colour=red')).status, 400, 'unknown query parameters are refused, as on /v1/outcomes');

  // Fill the workspace up to the cap (rows written directly: the cap is what is tested here).
  const template = (await server.runtime.db('webhooks').where({ id: ids[0] }).first()) as Record<string, unknown>;
  const now = new Date().toISOString();
  await server.runtime.db('webhooks').insert(
    Array.from({ length: 95 }, (_, i) => ({ ...template, id: `wh_filler${String(i).padStart(3, '0')}`, created_at: now, updated_at: now })),
  );
  const refused = await server.call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/101', events: ['outcome.completed'], secret } });
  t.is(refused.status, 409);
  t.like(refused.body.error, { code: 'webhook_limit_reached', details: { limit: 100, webhooks: 100 } });
  t.is((await server.call('DELETE', `/v1/webhooks/${ids[0]}`)).status, 200);
  t.is((await server.call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/100', events: ['outcome.completed'], secret } })).status, 201, 'a deleted webhook frees its place');
});

test('GET /v1/webhooks/{id} shows one webhook; deleted or another workspace\'s is 404', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);
  const hook = await createWebhook(server, { url: 'https://hooks.example.com/one', description: 'one' });
  const one = await server.call('GET', `/v1/webhooks/${hook.id}`);
  t.is(one.status, 200);
  check(t, 'GET', '/v1/webhooks/{webhook_id}', 200, one.body);
  t.like(one.body, { id: hook.id, url: 'https://hooks.example.com/one', description: 'one', delivery_count: 0, previous_secret_expires_at: null });
  t.false('secret' in one.body);

  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'pro' });
  const { secret: otherKey } = await server.runtime.keys.create({ workspaceId: other.id, name: 'other', permissions: ['integrations:read'] });
  t.is((await server.call('GET', `/v1/webhooks/${hook.id}`, { key: otherKey })).status, 404);
  const readOnly = await server.runtime.keys.create({ workspaceId: server.workspaceId, name: 'ro', permissions: ['integrations:read'] });
  t.is((await server.call('GET', `/v1/webhooks/${hook.id}`, { key: readOnly.secret })).status, 200, 'reading needs integrations:read');
  const forbidden = await server.call('PATCH', `/v1/webhooks/${hook.id}`, { key: readOnly.secret, body: { active: false } });
  t.like(forbidden, { status: 403, body: { error: { details: { required_permission: 'integrations:write' } } } });
  await server.call('DELETE', `/v1/webhooks/${hook.id}`);
  t.is((await server.call('GET', `/v1/webhooks/${hook.id}`)).status, 404);
});

test('PATCH changes the url through the SSRF guard; a refused local URL names CREWD_ALLOW_PRIVATE_URLS', async (t) => {
  const server = await startServer({ CREWD_ALLOW_PRIVATE_URLS: '0' });
  t.teardown(() => server.close());
  const hook = await createWebhook(server, { url: 'https://hooks.example.com/a' });
  const moved = await server.call('PATCH', `/v1/webhooks/${hook.id}`, { body: { url: 'https://hooks.example.org/b' } });
  t.like(moved, { status: 200, body: { url: 'https://hooks.example.org/b' } });

  for (const url of ['http://127.0.0.1:3000/hooks', 'https://[::ffff:10.0.0.1]/x', 'https://[2002:a00:1::1]/x']) {
    const refused = await server.call('PATCH', `/v1/webhooks/${hook.id}`, { body: { url } });
    t.is(refused.status, 400, url);
    t.like(refused.body.error.details, { field: 'url', allow_private_urls: 'CREWD_ALLOW_PRIVATE_URLS' }, url);
    t.regex(refused.body.error.details.hint, /CREWD_ALLOW_PRIVATE_URLS=1/, url);
  }
  const created = await server.call('POST', '/v1/webhooks', { body: { url: 'http://localhost:8080/hooks', events: ['outcome.completed'], secret } });
  t.is(created.status, 400);
  t.is(created.body.error.details.allow_private_urls, 'CREWD_ALLOW_PRIVATE_URLS');
  t.is((await server.call('GET', `/v1/webhooks/${hook.id}`)).body.url, 'https://hooks.example.org/b', 'a refused change changes nothing');
});

test('a rotated secret signs beside the old one for 24 hours, each value accepted by an independent verifier', async (t) => {
  const clock = manualClock(new Date());
  const server = await startServer({}, { clock });
  t.teardown(() => server.close());
  const newSecret = 'whsec_rotated_9876543210fedcba';
  const receiver = await startReceiver({ secret: newSecret });
  t.teardown(() => receiver.close());
  const hook = await createWebhook(server, { url: receiver.url });

  const rotated = await server.call('PATCH', `/v1/webhooks/${hook.id}`, { body: { secret: newSecret } });
  t.is(rotated.status, 200);
  t.false(JSON.stringify(rotated.body).includes(newSecret), 'the new secret is not echoed');
  t.is(Date.parse(rotated.body.previous_secret_expires_at) - clock.now().getTime(), 24 * 3_600_000);

  await server.call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
  const [during] = await receiver.waitFor(1);
  const values = String(during!.headers['x-service-signature']).split(',').map((value) => value.trim());
  t.is(values.length, 2, 'X-Service-Signature: sha256=<new>, sha256=<old>');
  t.true(await verify(newSecret, during!.body, values[0]!), 'the first value verifies with the new secret');
  t.true(await verify(secret, during!.body, values[1]!), 'the second value verifies with the old secret');

  clock.advance(24 * 3_600_000 + 1);
  await server.call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
  const [, after] = await receiver.waitFor(2);
  t.false(String(after!.headers['x-service-signature']).includes(','), 'after 24 hours only the new secret signs');
  t.true(after!.verified);
});

test('redeliver sends the same bytes again as the next attempt of the same delivery and answers with it', async (t) => {
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0' });
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret, plan: [500], otherwise: 200 });
  t.teardown(() => receiver.close());
  const check = openApiChecker((await server.call('GET', '/v1/openapi.json')).body);
  const hook = await createWebhook(server, { url: receiver.url });

  const first = await server.call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
  t.like(first.body, { status: 'failed', response_code: 500, attempt: 1 });
  t.false('next_retry' in first.body, 'a one-attempt schedule: final');

  const path = `/v1/webhooks/${hook.id}/deliveries/${first.body.id}/redeliver`;
  const again = await server.call('POST', path);
  t.is(again.status, 200);
  check(t, 'POST', '/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', 200, again.body);
  t.like(again.body, { id: first.body.id, event: 'webhook.test', status: 'success', response_code: 200, attempt: 2 });
  const arrivals = await receiver.waitFor(2);
  t.is(arrivals[1]!.body, arrivals[0]!.body, 'the same bytes');
  t.true(arrivals[1]!.verified);
  t.is(arrivals[1]!.headers['x-service-delivery'], first.body.id);
  t.is(arrivals[1]!.headers['x-service-attempt'], '2');

  const listed = (await server.call('GET', `/v1/webhooks/${hook.id}/deliveries`)).body.deliveries;
  t.deepEqual(listed.map((d: Record<string, unknown>) => [d.id, d.attempt, d.status, d.response_code]), [
    [first.body.id, 2, 'success', 200],
    [first.body.id, 1, 'failed', 500],
  ]);

  t.is((await server.call('POST', `/v1/webhooks/${hook.id}/deliveries/del_unknown000000000000/redeliver`)).status, 404);
  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'pro' });
  const { secret: otherKey } = await server.runtime.keys.create({ workspaceId: other.id, name: 'other', permissions: ['integrations:write'] });
  t.is((await server.call('POST', path, { key: otherKey })).status, 404);
});

test('redelivering a delivery whose retries are still pending is 409 delivery_in_progress', async (t) => {
  const server = await startServer({ CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,600000' });
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret, otherwise: 503 });
  t.teardown(() => receiver.close());
  const hook = await createWebhook(server, { url: receiver.url });
  const first = await server.call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
  t.truthy(first.body.next_retry);
  const busy = await server.call('POST', `/v1/webhooks/${hook.id}/deliveries/${first.body.id}/redeliver`);
  t.is(busy.status, 409);
  t.like(busy.body.error, { code: 'delivery_in_progress', details: { delivery_id: first.body.id, state: 'waiting' } });
  t.is(receiver.arrivals.length, 1, 'nothing was sent');
});

test("a deleted webhook's delivery history stays readable", async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const receiver = await startReceiver({ secret });
  t.teardown(() => receiver.close());
  const hook = await createWebhook(server, { url: receiver.url });
  const sent = await server.call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
  t.is((await server.call('DELETE', `/v1/webhooks/${hook.id}`)).status, 200);
  const history = await server.call('GET', `/v1/webhooks/${hook.id}/deliveries`);
  t.is(history.status, 200);
  t.like(history.body.deliveries, [{ id: sent.body.id, status: 'success', attempt: 1 }]);
  t.is((await server.call('POST', `/v1/webhooks/${hook.id}/deliveries/${sent.body.id}/redeliver`)).status, 404, 'nothing is sent to a deleted webhook');
  const other = await server.runtime.workspaces.create({ name: 'other', plan: 'pro' });
  const { secret: otherKey } = await server.runtime.keys.create({ workspaceId: other.id, name: 'other', permissions: ['integrations:read'] });
  t.is((await server.call('GET', `/v1/webhooks/${hook.id}/deliveries`, { key: otherKey })).status, 404, "still another workspace's");
});
