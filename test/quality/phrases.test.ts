import test from 'ava';
import { containsPhrase, countPhrase } from '../../quality/text.js';
import { mentions } from '../../quality/salient.js';

test('a keyword with a dot, slash or hyphen matches as written, in any case', (t) => {
  const text = 'We run Node.js 22 on the edge. Wi-Fi drops often; we send an E-mail digest. Our CI/CD pipeline deploys twice a day.';
  for (const keyword of ['Node.js', 'node.js', 'NODE.JS', 'Wi-Fi', 'wi fi', 'e-mail', 'CI/CD']) t.true(containsPhrase(text, keyword), keyword);
  t.false(containsPhrase('Nodexjs and node js', 'Node.js'));
  t.is(countPhrase('Async code reviews beat synchronous code review.', 'code review'), 2);
});

test('an unbounded token is matched literally, never compiled into a pattern', (t) => {
  const token = 'x'.repeat(40_000);
  const text = `The payload is ${token} and nothing else.`;
  t.notThrows(() => containsPhrase(text, token));
  t.true(containsPhrase(text, token));
  t.false(containsPhrase(`The payload is ${token}y.`, token));
  t.true(mentions(text, token));
  t.false(mentions('short text', token));
});
