import test from 'ava';
import { syllableCount } from '../../quality/syllables.js';

test('syllables follow the spoken word', (t) => {
  const expected: Record<string, number> = {
    the: 1,
    make: 1,
    makes: 1,
    boxes: 2,
    walked: 1,
    wanted: 2,
    doubled: 2,
    table: 2,
    beyond: 2,
    applying: 3,
    idea: 3,
    actual: 3,
    nation: 2,
    social: 2,
    experience: 4,
    statement: 2,
    organizational: 6,
    'signed-in': 2,
    "don't": 1,
    '2026': 0,
  };
  for (const [word, count] of Object.entries(expected)) t.is(syllableCount(word), count, word);
});
