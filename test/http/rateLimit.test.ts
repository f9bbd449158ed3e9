import test from 'ava';
import { startServer } from '../helpers/server.js';

test('every response carries the rate-limit headers, errors included', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  for (const res of [
    await server.call('GET', '/v1/crews'),
    await server.call('GET', '/v1/nothing-here'),
    await server.call('POST', '/v1/api-keys', { body: '{bad' }),
    await server.call('GET', '/v1/crews', { key: null }),
  ]) {
    t.regex(res.headers.get('x-ratelimit-limit') ?? '', /^\d+$/);
    t.regex(res.headers.get('x-ratelimit-remaining') ?? '', /^\d+$/);
    t.regex(res.headers.get('x-ratelimit-reset') ?? '', /^\d{10}$/, 'reset is Unix seconds');
  }
});

test('past the plan limit a workspace gets 429 rate_limited with Retry-After', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const workspace = await server.runtime.workspaces.create({ name: 'tiny', plan: 'starter', requestsPerMinute: 5 });
  const { secret } = await server.runtime.keys.create({ workspaceId: workspace.id, name: 'k', permissions: ['crews:read'] });
  const remaining: string[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await server.call('GET', '/v1/crews', { key: secret });
    t.is(res.status, 200);
    t.is(res.headers.get('x-ratelimit-limit'), '5');
    remaining.push(res.headers.get('x-ratelimit-remaining')!);
  }
  t.deepEqual(remaining, ['4', '3', '2', '1', '0']);
  const limited = await server.call('GET', '/v1/crews', { key: secret });
  t.is(limited.status, 429);
  t.is(limited.body.error.code, 'rate_limited');
  t.true(Number(limited.headers.get('retry-after')) >= 1);
  t.is(limited.headers.get('x-ratelimit-remaining'), '0');
  t.is((await server.call('GET', '/v1/crews')).status, 200, 'another workspace is counted apart');
});

test('plans use the spec limits under either of their names', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const expected: Array<[string, number, number]> = [
    ['starter', 60, 3], ['explorer', 60, 3], ['growth', 300, 10], ['operator', 300, 10],
    ['pro', 1000, 25], ['swarm', 1000, 25], ['enterprise', 10_000, 100], ['custom', 10_000, 100],
  ];
  for (const [plan, rpm, concurrency] of expected) {
    const workspace = await server.runtime.workspaces.create({ name: `ws-${plan}`, plan });
    t.is(workspace.requests_per_minute, rpm, plan);
    t.is(workspace.concurrent_outcomes, concurrency, plan);
    const { secret } = await server.runtime.keys.create({ workspaceId: workspace.id, name: 'k', permissions: ['crews:read'] });
    const res = await server.call('GET', '/v1/crews', { key: secret });
    t.is(res.headers.get('x-ratelimit-limit'), String(rpm));
  }
});
