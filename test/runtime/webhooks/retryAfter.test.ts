import test from 'ava';
import { retryAfterMs } from '../../../runtime/webhooks/retryAfter.js';

const at = '2026-03-01T12:00:00.000Z';

test('Retry-After in seconds is read as ms after the attempt', (t) => {
  t.is(retryAfterMs('120', at), 120_000);
  t.is(retryAfterMs(' 0 ', at), 0);
});

test('Retry-After as an HTTP date is read relative to the attempt time; a past date is 0', (t) => {
  t.is(retryAfterMs('Sun, 01 Mar 2026 12:05:00 GMT', at), 300_000);
  t.is(retryAfterMs('Sun, 01 Mar 2026 11:00:00 GMT', at), 0);
});

test('a missing or unreadable Retry-After is ignored', (t) => {
  for (const value of [undefined, '', 'soon', '-5', '1.5', '2026-03-01']) t.is(retryAfterMs(value, at), undefined, String(value));
});
