import test from 'ava';
import { ConfigError } from '../../../runtime/config.js';
import { defaultRetrySchedule, delayBeforeAttempt, hasAttemptLeft, parseRetryDelays } from '../../../runtime/webhooks/retryPolicy.js';

test('unset or empty CREWD_WEBHOOK_RETRY_DELAYS_MS gives the spec schedule of five attempts', (t) => {
  t.deepEqual(parseRetryDelays(undefined), [0, 60_000, 300_000, 1_800_000, 7_200_000]);
  t.deepEqual(parseRetryDelays(''), defaultRetrySchedule);
  t.deepEqual(parseRetryDelays('  '), defaultRetrySchedule);
});

test('a custom schedule is parsed, spaces allowed', (t) => {
  t.deepEqual(parseRetryDelays('0, 10,20'), [0, 10, 20]);
  t.deepEqual(parseRetryDelays('5'), [5]);
});

test('an invalid schedule throws a ConfigError naming the variable', (t) => {
  for (const bad of ['a,b', '0,,5', '-1,5', '1.5', '0,60000,', '99999999999']) {
    const error = t.throws(() => parseRetryDelays(bad), { instanceOf: ConfigError });
    t.is(error!.variable, 'CREWD_WEBHOOK_RETRY_DELAYS_MS');
    t.regex(error!.message, /^CREWD_WEBHOOK_RETRY_DELAYS_MS: /);
  }
});

test('delayBeforeAttempt is 1-based; attempt 1 is immediate by default', (t) => {
  t.is(delayBeforeAttempt(defaultRetrySchedule, 1), 0);
  t.is(delayBeforeAttempt(defaultRetrySchedule, 2), 60_000);
  t.is(delayBeforeAttempt(defaultRetrySchedule, 5), 7_200_000);
  t.throws(() => delayBeforeAttempt(defaultRetrySchedule, 6), { instanceOf: RangeError });
  t.throws(() => delayBeforeAttempt(defaultRetrySchedule, 0), { instanceOf: RangeError });
});

test('hasAttemptLeft allows exactly as many attempts as the schedule lists', (t) => {
  t.true(hasAttemptLeft(defaultRetrySchedule, 0));
  t.true(hasAttemptLeft(defaultRetrySchedule, 4));
  t.false(hasAttemptLeft(defaultRetrySchedule, 5));
});

test('the default schedule cannot be changed by a caller', (t) => {
  t.throws(() => (defaultRetrySchedule as number[]).push(1));
});
