import test from 'ava';
import WebSocket from 'ws';
import { createPostgresDatabase, postgresTest } from '../helpers/postgres.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

/** A deeply nested JSON text (`[[[...]]]` or `{"a":{"a":...}}`), built as text: JSON.stringify would overflow. */
function nested(depth: number, leaf = '1'): string {
  return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}

function isErrorShape(t: import('ava').ExecutionContext, body: any, code: string) {
  t.is(body?.error?.code, code);
  t.is(typeof body?.error?.message, 'string');
  t.is(typeof body?.error?.details, 'object');
}

/** NUL (U+0000) anywhere in a body or query is refused at the boundary, naming the field. */
async function nulIsRefused(t: import('ava').ExecutionContext, target: TestServer) {
  const deploy = await target.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a blog post about NUL\u0000 bytes' } });
  t.is(deploy.status, 400);
  isErrorShape(t, deploy.body, 'invalid_request');
  t.is(deploy.body.error.details.field, 'brief');
  t.is(deploy.body.error.details.reason, 'nul_character');

  const inKey = await target.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a blog post about keys.', requirements: { 'to\u0000ne': 'calm' } } });
  t.is(inKey.status, 400);
  t.is(inKey.body.error.details.field, 'requirements.to\\u0000ne');

  const batch = await target.call('POST', '/v1/crews/batch-deploy', { body: { workflow_name: 'w', crews: [{ crew_id: 'writer', brief: 'A brief with a NUL \u0000 inside.', priority: 1 }] } });
  t.is(batch.status, 400);
  t.is(batch.body.error.details.field, 'crews.0.brief');

  const keyName = await target.call('POST', '/v1/api-keys', { body: { name: 'bad\u0000name', permissions: ['crews:read'] } });
  t.is(keyName.status, 400);
  t.is(keyName.body.error.details.field, 'name');

  const hook = await target.call('POST', '/v1/webhooks', { body: { url: 'https://example.com/hook', events: ['outcome.completed'], secret: 'whsec_0123456789abcdef', description: 'nul\u0000here' } });
  t.is(hook.status, 400);
  t.is(hook.body.error.details.field, 'description');

  const query = await target.call('GET', '/v1/outcomes?crew=writer%00');
  t.is(query.status, 400);
  t.is(query.body.error.details.field, 'crew');
  t.is(query.body.error.details.reason, 'nul_character');

  // The service still works for everyone afterwards.
  t.is((await target.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a blog post about clean input.' } })).status, 201);
}

test('a NUL character in a brief, a requirements key, a key name, a webhook description or a query is 400 naming the field on SQLite', async (t) => {
  await nulIsRefused(t, server);
});

postgresTest('a NUL character in a brief, a requirements key, a key name, a webhook description or a query is 400 naming the field on Postgres', async (t) => {
  const pg = await createPostgresDatabase();
  const pgServer = await startServer({ CREWD_DATABASE_URL: pg.url });
  t.teardown(async () => {
    await pgServer.close();
    await pg.drop();
  });
  await nulIsRefused(t, pgServer);
});

test('a lone surrogate in a string is 400 naming the field', async (t) => {
  const res = await server.call('POST', '/v1/crews/writer/deploy', { body: '{"brief":"Write about broken \\ud800 text, please."}' });
  t.is(res.status, 400);
  isErrorShape(t, res.body, 'invalid_request');
  t.is(res.body.error.details.field, 'brief');
  t.is(res.body.error.details.reason, 'lone_surrogate');
  const paired = await server.call('POST', '/v1/crews/writer/deploy', { body: '{"brief":"Write about emoji \\ud83d\\ude00 in titles."}' });
  t.is(paired.status, 201, 'a surrogate pair is fine');
});

test('JSON nested deeper than 32 levels is 400 invalid_request, with or without an Idempotency-Key', async (t) => {
  for (const depth of [33, 4_000, 6_000]) {
    const body = `{"brief":"Write a deeply nested post.","requirements":${nested(depth)}}`;
    const plain = await server.call('POST', '/v1/crews/writer/deploy', { body });
    t.is(plain.status, 400, `depth ${depth}`);
    isErrorShape(t, plain.body, 'invalid_request');
    t.is(plain.body.error.details.reason, 'too_deep');
    t.is(plain.body.error.details.max_depth, 32);
    t.regex(plain.body.error.details.field, /^requirements(\.a)+$/);
    const keyed = await server.call('POST', '/v1/crews/writer/deploy', { body, headers: { 'idempotency-key': `deep-${depth}` } });
    t.is(keyed.status, 400);
    t.deepEqual(keyed.body, plain.body);
  }
  const revise = await server.call('POST', '/v1/outcomes/out_nothere/revise', { body: `{"feedback":"more","requirements":${nested(6_000)}}` });
  t.is(revise.status, 400);
  const fine = await server.call('POST', '/v1/crews/writer/deploy', { body: `{"brief":"Write a nested but fine post.","requirements":${nested(30)}}` });
  t.is(fine.status, 201, '31 levels in all is within the limit');
});

test('requirements over the size cap is 400 naming requirements', async (t) => {
  const res = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a post with huge requirements.', requirements: { notes: 'x'.repeat(40_000) } } });
  t.is(res.status, 400);
  isErrorShape(t, res.body, 'invalid_request');
  t.is(res.body.error.details.field, 'requirements');
  t.is(res.body.error.details.max_json_bytes, 32 * 1024);
  const context = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a post with a huge context.', context: 'y'.repeat(200_001) } });
  t.is(context.status, 400);
  t.is(context.body.error.details.field, 'context');
});

test('a leap-second timestamp is 400 naming the field, never 500', async (t) => {
  const list = await server.call('GET', '/v1/outcomes?created_after=2016-12-31T23:59:60Z');
  t.is(list.status, 400);
  isErrorShape(t, list.body, 'invalid_request');
  t.is(list.body.error.details.field, 'created_after');
  const key = await server.call('POST', '/v1/api-keys', { body: { name: 'leap', permissions: ['crews:read'], expires_at: '2036-12-31T23:59:60Z' } });
  t.is(key.status, 400);
  t.is(key.body.error.details.field, 'expires_at');
  t.is((await server.call('GET', '/v1/outcomes?created_after=2016-12-31T23:59:59Z')).status, 200);
});

test('a body with Content-Encoding gzip is 415 unsupported_media_type', async (t) => {
  const res = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a post sent compressed.' }, headers: { 'content-encoding': 'gzip' } });
  t.is(res.status, 415);
  isErrorShape(t, res.body, 'unsupported_media_type');
  t.is(res.body.error.details.content_encoding, 'gzip');
  const identity = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a post sent as it is.' }, headers: { 'content-encoding': 'identity' } });
  t.is(identity.status, 201);
});

test('an unknown query parameter is 400 naming it on every route', async (t) => {
  for (const path of ['/v1/crews?colour=red', '/v1/webhooks?colour=red', '/v1/outcomes?colour=red', '/v1/api-keys?colour=red', '/v1/auth/verify?colour=red', '/healthz?colour=red']) {
    const res = await server.call('GET', path);
    t.is(res.status, 400, path);
    isErrorShape(t, res.body, 'invalid_request');
    t.is(res.body.error.details.field, 'colour', path);
  }
  t.is((await server.call('GET', '/v1/outcomes?limit=5')).status, 200, 'declared parameters still work');
});

test('PATCH /v1/api-keys/{id} with permissions says that only name can change', async (t) => {
  const created = await server.call('POST', '/v1/api-keys', { body: { name: 'renamable', permissions: ['crews:read'] } });
  const res = await server.call('PATCH', `/v1/api-keys/${created.body.key_id}`, { body: { permissions: ['admin:write'] } });
  t.is(res.status, 400);
  isErrorShape(t, res.body, 'invalid_request');
  t.is(res.body.error.details.field, 'permissions');
  t.regex(res.body.error.message, /Only 'name' can change/);
});

test('the Bearer scheme is accepted in any case, over HTTP and on the stream', async (t) => {
  for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
    const res = await server.call('GET', '/v1/crews', { key: null, headers: { authorization: `${scheme} ${server.key}` } });
    t.is(res.status, 200, scheme);
  }
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a short post to stream with a lower-case scheme.' } });
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/outcomes/${deployed.body.outcome_id}/stream`, { headers: { authorization: `bearer ${server.key}` } });
  const first = await new Promise<any>((resolve, reject) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
  ws.terminate();
  t.is(first.event, 'outcome.snapshot');
});

// Serial (ava runs serial tests before the others): other tests here make anonymous requests that
// count against the same address bucket.
test.serial('health probes and the OpenAPI document carry the address bucket rate-limit headers', async (t) => {
  for (const path of ['/healthz', '/readyz', '/v1/openapi.json']) {
    const res = await server.call('GET', path, { key: null });
    t.is(res.status, 200, path);
    t.regex(res.headers.get('x-ratelimit-limit') ?? '', /^\d+$/, path);
    t.regex(res.headers.get('x-ratelimit-remaining') ?? '', /^\d+$/, path);
    t.regex(res.headers.get('x-ratelimit-reset') ?? '', /^\d+$/, path);
  }
  const before = Number((await server.call('GET', '/healthz', { key: null })).headers.get('x-ratelimit-remaining'));
  const after = Number((await server.call('GET', '/healthz', { key: null })).headers.get('x-ratelimit-remaining'));
  t.is(after, before, 'probes are not counted');
});
