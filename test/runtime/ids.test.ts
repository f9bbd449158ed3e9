import test from 'ava';
import { manualClock } from '../../runtime/clock.js';
import { timeOrderedIds } from '../../runtime/ids.js';

test('ids made later sort after earlier ones, as text, across the alphabet and years', (t) => {
  const clock = manualClock('2026-11-27T00:00:00.000Z');
  const ids = timeOrderedIds(clock);
  const made: string[] = [];
  for (const step of [0, 1, 61, 62, 3_843, 3_844, 86_400_000, 31_536_000_000, 315_360_000_000]) {
    clock.advance(step);
    made.push(ids.id('out'));
  }
  t.deepEqual([...made].sort(), made, 'byte order is creation order');
  for (const id of made) t.regex(id, /^out_[0-9A-Za-z]{20}$/, 'the spec shape out_<id>, 20 base62 characters as before');
});

test('ids of the same millisecond share their time part and differ in their random part', (t) => {
  const ids = timeOrderedIds(manualClock('2026-11-27T00:00:00.000Z'));
  const batch = Array.from({ length: 1_000 }, () => ids.id('out'));
  t.is(new Set(batch).size, batch.length);
  t.is(new Set(batch.map((id) => id.slice(4, 12))).size, 1);
  t.is(new Set(batch.map((id) => id.slice(12))).size, batch.length, '12 random characters each');
});

test('short ids, uuids and secrets stay wholly random', (t) => {
  const clock = manualClock('2026-11-27T00:00:00.000Z');
  const ids = timeOrderedIds(clock);
  const keys = Array.from({ length: 50 }, () => ids.id('key', 16));
  t.true(keys.every((id) => /^key_[0-9A-Za-z]{16}$/.test(id)));
  t.true(new Set(keys.map((id) => id.slice(4, 12))).size > 1, 'no shared time prefix on a 16-character id');
  t.regex(ids.uuid(), /^[0-9a-f-]{36}$/);
  t.regex(ids.secret(32), /^[0-9A-Za-z]{32}$/);
});
