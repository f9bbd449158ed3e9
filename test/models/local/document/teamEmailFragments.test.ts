import test from 'ava';
import { outcome } from './helpers.js';

/** A team email's notes typed as fragments are sentences whose subject the notes make clear. */

test('"office closed friday for maintenance, work from home, back monday": the readers work from home, the team is back', async (t) => {
  const result = await outcome('writer', { brief: 'email to the team: office closed friday for maintenance, work from home, back monday' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.body, ['The office is closed Friday for maintenance.', 'Please work from home.', "We're back Monday."]);
});

test('"wfh today, back monday" is the writer\'s own day: "I\'m working from home today." and "I\'ll be back Monday."', async (t) => {
  const result = await outcome('writer', { brief: 'email to the team: wfh today, back monday' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.body, ["I'm working from home today.", "I'll be back Monday."]);
});

test('the same notes typed as short sentences on one line keep every one of them', async (t) => {
  const result = await outcome('writer', { brief: 'email to the team', context: 'office closed friday for maintenance. work from home. back monday' });
  if (result.deliverable.kind !== 'email') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.body, ['The office is closed Friday for maintenance.', 'Please work from home.', "We're back Monday."]);
});
