import test from 'ava';
import { askFacts, withoutStatements } from '../../../../models/local/document/askFacts.js';

/** What a one-line ask states besides its request: statements after its subject, who someone is. */

test('statements typed after the subject are facts, one a clause; the subject ends where they start', (t) => {
  const ask = "Write a LinkedIn post about our new office in Rotterdam, we move in on 1 March and we're hiring 5 developers";
  t.deepEqual(askFacts(ask), ['We move in on 1 March.', "We're hiring 5 developers."]);
  t.is(withoutStatements(ask), 'Write a LinkedIn post about our new office in Rotterdam');
});

test('"our new CTO, Maya Patel" says who she is', (t) => {
  t.deepEqual(askFacts('Write a short bio for our new CTO, Maya Patel'), ['Maya Patel is our new CTO.']);
});

test('an ask that states nothing besides has no facts of its own', (t) => {
  t.deepEqual(askFacts('Write a blog post about remote onboarding, with examples'), []);
  t.deepEqual(askFacts('A guide to composting in small apartments'), []);
});
