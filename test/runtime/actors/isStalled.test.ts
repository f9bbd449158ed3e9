import test from 'ava';
import { isStalled } from '../../../runtime/actors/isStalled.js';

const now = new Date('2026-01-01T00:01:00.000Z');

test('the actor host is stalled only when work waited past the threshold and nothing committed within it', (t) => {
  t.false(isStalled({ pendingSince: null, lastCommitAt: null, flushFailures: 0 }, now, 30_000));
  t.false(isStalled({ pendingSince: '2026-01-01T00:00:50.000Z', lastCommitAt: null, flushFailures: 3 }, now, 30_000));
  t.true(isStalled({ pendingSince: '2026-01-01T00:00:00.000Z', lastCommitAt: '2026-01-01T00:00:10.000Z', flushFailures: 9 }, now, 30_000));
  t.false(isStalled({ pendingSince: '2026-01-01T00:00:00.000Z', lastCommitAt: '2026-01-01T00:00:59.000Z', flushFailures: 0 }, now, 30_000));
});
