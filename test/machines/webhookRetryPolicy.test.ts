import test from 'ava';
import { mayRetry, retryDelay } from '../../machines/webhookRetryPolicy.js';

const schedule = [0, 60_000, 300_000, 1_800_000];

test('without jitter or Retry-After the retry waits exactly the schedule', (t) => {
  t.is(retryDelay(schedule, 0, 1, { status: 503 }), 60_000);
  t.is(retryDelay(schedule, 0.2, 2, { status: 503 }), 300_000, 'no sample: no jitter');
});

test('jitter lengthens the delay by up to its fraction, never shortens it', (t) => {
  t.is(retryDelay(schedule, 0.2, 1, { status: 503, jitterSample: 0 }), 60_000);
  t.is(retryDelay(schedule, 0.2, 1, { status: 503, jitterSample: 0.5 }), 66_000);
  t.is(retryDelay(schedule, 0.2, 1, { status: 503, jitterSample: 0.999 }), 71_988);
});

test('a Retry-After is honoured within the schedule bounds', (t) => {
  t.is(retryDelay(schedule, 0, 1, { status: 429, retryAfterMs: 120_000 }), 120_000, 'later than the schedule: honoured');
  t.is(retryDelay(schedule, 0, 1, { status: 429, retryAfterMs: 5_000 }), 60_000, 'earlier than the schedule: the schedule wins');
  t.is(retryDelay(schedule, 0, 1, { status: 503, retryAfterMs: 86_400_000 }), 1_800_000, 'never beyond the longest delay');
  t.is(retryDelay(schedule, 0.5, 3, { status: 503, retryAfterMs: 0, jitterSample: 0.5 }), 2_250_000, 'the jittered delay is the floor');
});

test('410 Gone is never retried; every other failure is', (t) => {
  t.false(mayRetry({ status: 410 }));
  for (const status of [null, 400, 404, 429, 500, 503]) t.true(mayRetry({ status }));
});
