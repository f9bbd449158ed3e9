import test from 'ava';
import { renderError } from '../../http/errorRenderer.js';
import { ServiceError, errors } from '../../runtime/errors.js';
import { createLogger } from '../../runtime/logger.js';
import { capturedLogger } from '../helpers/capturedLogger.js';

const logger = createLogger('silent');

test('an exposed error is shown as it is, with its headers', (t) => {
  const rendered = renderError(errors.rateLimited(7, 60), { logger, requestId: 'req_1' });
  t.is(rendered.status, 429);
  t.is(rendered.headers['Retry-After'], '7');
  t.is(rendered.body.error.code, 'rate_limited');
  t.deepEqual(rendered.body.error.details, { limit: 60, retry_after_seconds: 7 });
});

test('an error that is not exposed becomes a generic 500 carrying only the request id', (t) => {
  for (const error of [new Error('password=hunter2 in a stack'), new ServiceError(500, 'db_down', 'connection string postgres://secret'), Object.assign(new Error('internal'), { status: 502, expose: false })]) {
    const rendered = renderError(error, { logger, requestId: 'req_2' });
    t.is(rendered.status, 500);
    t.deepEqual(rendered.body.error.details, { request_id: 'req_2' });
    t.is(rendered.body.error.code, 'internal_error');
    t.false(JSON.stringify(rendered.body).includes('secret') || JSON.stringify(rendered.body).includes('hunter2'));
  }
});

test('library errors are mapped onto the service codes (413, 415, aborted, exposed 4xx)', (t) => {
  t.is(renderError({ type: 'entity.too.large', status: 413 }, { logger }).body.error.code, 'payload_too_large');
  t.is(renderError({ type: 'encoding.unsupported', status: 415 }, { logger }).body.error.code, 'unsupported_media_type');
  t.is(renderError({ type: 'request.aborted', status: 400 }, { logger }).body.error.code, 'request_aborted');
  const exposed = renderError({ status: 400, expose: true, message: 'bad header' }, { logger });
  t.is(exposed.status, 400);
  t.is(exposed.body.error.message, 'bad header');
});

// Issue 25 (Must have 11): a client that left before its body was read is not an operator's problem.
test('a body stream that is no longer readable (the client left) is request_aborted, logged below error level', async (t) => {
  const { Readable } = await import('node:stream');
  const getRawBody = (await import('raw-body')).default;
  const gone = new Readable({ read() {} });
  gone.destroy();
  const error = await getRawBody(gone, { encoding: 'utf8' }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  t.truthy(error);
  const captured = capturedLogger('debug');
  const rendered = renderError(error, { logger: captured.logger, requestId: 'req_gone' });
  t.is(rendered.status, 400);
  t.is(rendered.body.error.code, 'request_aborted');
  t.false(captured.lines.some((line) => (line.level as number) >= 50), JSON.stringify(captured.lines));
});

test('a 503 while shutting down is answered as it is and logged as a warning, not an error', (t) => {
  const captured = capturedLogger('debug');
  const rendered = renderError(new ServiceError(503, 'unavailable', 'The service is shutting down.'), { logger: captured.logger, requestId: 'req_s' });
  t.is(rendered.status, 503);
  t.false(captured.lines.some((line) => (line.level as number) >= 50));
});
