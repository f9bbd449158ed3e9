import { Writable } from 'node:stream';
import test from 'ava';
import { pino } from 'pino';
import { startServer } from '../helpers/server.js';

/** A real pino logger whose lines land in `lines`, redacting what the caller names. */
function capturingLogger(redact: string[]) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info', redact }, destination), lines };
}

test('the access line goes through pino: its fields, the logger bindings and the logger redaction apply (issue 28)', async (t) => {
  const { logger, lines } = capturingLogger(['key_id']);
  const server = await startServer({}, { logger: logger.child({ component: 'http-test' }) });
  t.teardown(() => server.close());

  const answered = await server.call('GET', '/v1/crews');
  t.is(answered.status, 200);
  const requestId = answered.headers.get('x-request-id');
  const anonymous = await server.call('GET', '/healthz', { key: null });
  t.is(anonymous.status, 200);

  const line = lines.find((entry) => entry.msg === 'request' && entry.request_id === requestId);
  t.like(line, { level: 30, component: 'http-test', method: 'GET', path: '/v1/crews', status: 200, key_id: '[Redacted]' });
  t.is(typeof line?.ms, 'number');
  t.is(typeof line?.time, 'number');
  const probe = lines.find((entry) => entry.msg === 'request' && entry.path === '/healthz');
  t.truthy(probe, 'an anonymous request is logged too');
  t.false('key_id' in probe!, 'without a key there is no key_id');
});

test('a parameterised route is counted under its template, not its path', async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  t.is((await server.call('GET', '/v1/outcomes/out_missing')).status, 404);
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.key}` } })).text();
  t.true(text.includes('route="/v1/outcomes/:outcome_id"'), 'the template is the label');
  t.false(text.includes('out_missing'), 'the id never becomes a label');
});
