import test from 'ava';
import { ConfigError } from '../../../runtime/config.js';
import { defaultRetrySchedule, parseRetryDelays, parseRetryJitter } from '../../../runtime/webhooks/retryPolicy.js';

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

test('CREWD_WEBHOOK_RETRY_JITTER is a fraction from 0 to 1, 0.2 when unset; anything else names the variable', (t) => {
  t.is(parseRetryJitter(undefined), 0.2);
  t.is(parseRetryJitter(''), 0.2);
  t.is(parseRetryJitter('0'), 0);
  t.is(parseRetryJitter(' 0.5 '), 0.5);
  t.is(parseRetryJitter('1'), 1);
  for (const bad of ['-0.1', '1.5', 'a', '.5', '0,2']) {
    const error = t.throws(() => parseRetryJitter(bad), { instanceOf: ConfigError });
    t.is(error!.variable, 'CREWD_WEBHOOK_RETRY_JITTER');
  }
});
