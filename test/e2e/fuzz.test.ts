import test from 'ava';
import fc from 'fast-check';
import { startSlackFixture } from '../fixtures/slackServer.js';
import { startServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

/**
 * Walks every operation of the service's own OpenAPI document with generated bad input (fast-check):
 * odd path ids, unknown and mistyped query parameters, bodies shaped like the operation's schema
 * but with hostile values (NUL, lone surrogates, leap seconds, huge numbers, deep nesting), random
 * JSON, broken JSON and wrong media types, with and without a key or an Idempotency-Key. Bounded in
 * count and time. Every answer must be below 500, and every 4xx in the spec's error shape. Then a
 * deploy from another workspace must still complete: no input may stall the service.
 */
const maxRequests = Number(process.env.CREWD_FUZZ_REQUESTS ?? 1_500);
const maxMs = Number(process.env.CREWD_FUZZ_MS ?? 50_000);
const seed = Number(process.env.CREWD_FUZZ_SEED ?? Date.now() % 2_147_483_647);

type Operation = { method: string; path: string; params: string[]; query: string[]; bodyProperties: string[] | null };

function operationsOf(document: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
      const parameters: Array<{ in: string; name: string }> = operation.parameters ?? [];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const resolved = schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: resolved ? Object.keys(resolved.properties ?? resolved.allOf?.[0]?.properties ?? {}) : null,
      });
    }
  }
  return operations;
}

const hostileStrings = [
  '',
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'lone \udfff low',
  '2016-12-31T23:59:60Z',
  '9999-99-99T99:99:99Z',
  '-1',
  '1e309',
  'null',
  '../../etc/passwd',
  'out_',
  'key_',
  'wh_x',
  "'; drop table outcomes; --",
  'x'.repeat(70_000),
  'https://127.0.0.1:1/hook',
  'outcome.completed',
];

const hostileString = fc.oneof(fc.constantFrom(...hostileStrings), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));

const { value: jsonish } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
}));

function nested(depth: number): string {
  return '{"a":'.repeat(depth) + '"x"' + '}'.repeat(depth);
}

const idLike = fc.oneof(fc.constantFrom('out_doesnotexist', 'wh_doesnotexist', 'key_doesnotexist', 'wf_nope', 'writer', 'mind', 'nope', '%00', '%F0%9F%98%80', '..', 'x'.repeat(300)), fc.string({ minLength: 1, maxLength: 20 }));

/** One generated request for an operation: the URL, the body text and the headers. */
function requestFor(operation: Operation) {
  const body = fc.oneof(
    // Shaped like the operation's body, with hostile values.
    fc.dictionary(fc.constantFrom(...(operation.bodyProperties?.length ? operation.bodyProperties : ['brief']), 'unknown_field'), jsonish, { maxKeys: 5 }).map((v) => JSON.stringify(v)),
    jsonish.map((v) => JSON.stringify(v)),
    fc.integer({ min: 30, max: 8_000 }).map((depth) => `{"brief":"Write a deeply nested post.","requirements":${nested(depth)}}`),
    fc.constantFrom('{', '{"brief":', 'not json', '[]', '""', '{"brief":"\\u0000"}', '{"brief":"\\ud800 lone"}', '\u0000'),
    fc.constant(undefined),
  );
  return fc.record({
    params: fc.array(idLike, { minLength: operation.params.length, maxLength: operation.params.length }),
    query: fc.dictionary(fc.constantFrom(...operation.query, 'limit', 'cursor', 'after', 'unknown_param', 'created_after'), hostileString, { maxKeys: 3 }),
    body,
    contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=latin1'),
    encoding: fc.constantFrom(undefined, undefined, undefined, 'gzip'),
    auth: fc.constantFrom('key', 'key', 'key', 'key', 'lower', 'none', 'bad'),
    idempotencyKey: fc.option(fc.constantFrom('fuzz-1', 'fuzz-2', 'x'.repeat(300)), { nil: undefined }),
  });
}

test('generated bad input on every operation of the OpenAPI document never gets a 5xx, every 4xx has the error shape, and the service keeps serving other workspaces', async (t) => {
  // The chat endpoints call the chat tool's Web API: a local server speaking its wire format, so
  // fuzzed tokens get its real refusals (invalid_auth) instead of a network failure.
  const chatApi = await startSlackFixture({ teams: [], tokens: {} });
  t.teardown(() => chatApi.close());
  const server = await startServer({ CREWD_CHAT_API_URL: chatApi.apiUrl });
  t.teardown(() => server.close());
  const document = (await server.call('GET', '/v1/openapi.json', { key: null })).body;
  const operations = operationsOf(document);
  t.true(operations.length >= 20, `${operations.length} operations in the document`);
  t.log(`fuzz seed ${seed} (set CREWD_FUZZ_SEED to replay)`);

  const generated = fc.sample(
    fc.constantFrom(...operations).chain((operation) => requestFor(operation).map((request) => ({ operation, request }))),
    { numRuns: maxRequests, seed },
  );
  const started = Date.now();
  const failures: string[] = [];
  const seen = new Set<string>();
  let sent = 0;
  for (const { operation, request } of generated) {
    if (Date.now() - started > maxMs) break;
    let path = operation.path;
    operation.params.forEach((name, i) => (path = path.replace(`{${name}}`, encodeURIComponent(request.params[i] ?? 'x'))));
    const query = new URLSearchParams(request.query as Record<string, string>).toString();
    const headers: Record<string, string> = {};
    if (request.auth === 'key') headers.authorization = `Bearer ${server.key}`;
    if (request.auth === 'lower') headers.authorization = `bearer ${server.key}`;
    if (request.auth === 'bad') headers.authorization = 'Bearer crew_sk_notarealkey000000000000';
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    const hasBody = request.body !== undefined && operation.method !== 'GET';
    if (hasBody) headers['content-type'] = request.contentType;
    if (hasBody && request.encoding) headers['content-encoding'] = request.encoding;
    const response = await fetch(`${server.url}${path}${query ? `?${query}` : ''}`, { method: operation.method, headers, body: hasBody ? request.body : undefined });
    const text = await response.text();
    sent += 1;
    seen.add(`${operation.method} ${operation.path}`);
    const where = `${operation.method} ${path}?${query} body=${hasBody ? String(request.body).slice(0, 120) : '-'}`;
    if (response.status >= 500) failures.push(`${response.status} for ${where}: ${text.slice(0, 200)}`);
    else if (response.status >= 400) {
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const shaped = typeof body?.error?.code === 'string' && typeof body.error.message === 'string' && typeof body.error.details === 'object' && body.error.details !== null;
      if (!shaped) failures.push(`${response.status} without the error shape for ${where}: ${text.slice(0, 200)}`);
    }
    if (failures.length >= 10) break;
  }
  t.log(`${sent} requests over ${seen.size} of ${operations.length} operations in ${Date.now() - started} ms`);
  t.deepEqual(failures, [], `seed ${seed}`);
  t.true(sent >= Math.min(200, maxRequests), `only ${sent} requests were sent`);

  // Another workspace still gets its work done.
  const other = await server.runtime.workspaces.create({ name: 'after-the-fuzz', plan: 'growth' });
  const { secret } = await server.runtime.keys.create({ workspaceId: other.id, name: 'deployer', permissions: ['crews:write', 'outcomes:read'] });
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { key: secret, body: { brief: 'Write a short note after the fuzzing ends.' } });
  t.is(deployed.status, 201);
  const done = await until(async () => {
    const res = await server.call('GET', `/v1/outcomes/${deployed.body.outcome_id}`, { key: secret });
    return res.body.status === 'completed' || res.body.status === 'failed' ? res.body : undefined;
  }, 'the other workspace deploy to finish');
  t.is(done.status, 'completed');
});
