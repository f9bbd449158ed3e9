import test from 'ava';
import { revisions } from './helpers.js';

/** Feedback that gives an action item to someone, in the words people use; the document and its deliverable both change hands. */

const sync = {
  brief: 'Summarise the product sync',
  context: 'Maria: we decided to ship the dashboard in May.\nJan: I will fix the e2e tests by Friday.\nPriya will write the release notes.\nTom: I\'ll update the dashboard task list tomorrow.',
};

const owners = (deliverable: { data: Record<string, unknown> }) => (deliverable.data.action_items as Array<{ owner: string; task: string }>).map((item) => `${item.owner}: ${item.task}`);

test('"bob owns the e2e action item" gives that item to Bob, in the document and in the deliverable', async (t) => {
  const { revised: [after] } = await revisions('mind', sync, 'bob owns the e2e action item');
  t.regex(after!.content, /\*\*Bob\*\*: Fix the e2e tests \(due Friday\)/);
  t.notRegex(after!.content, /\*\*Jan\*\*: Fix the e2e/);
  t.deepEqual(after!.notApplied, []);
  t.deepEqual(owners(after!.deliverable), ['Bob: Fix the e2e tests', 'Priya: Write the release notes', 'Tom: Update the dashboard task list']);
});

test('"give the dashboard task to Priya", "assign the release notes to Jan" and "make sam the owner of ..." reassign too', async (t) => {
  const { revised } = await revisions('mind', sync, 'Give the dashboard task to Priya Shah', 'assign the release notes to Jan', 'make sam the owner of the dashboard');
  t.regex(revised[0]!.content, /\*\*Priya Shah\*\*: Update the dashboard task list/);
  t.deepEqual(owners(revised[0]!.deliverable).at(-1), 'Priya Shah: Update the dashboard task list');
  t.regex(revised[1]!.content, /\*\*Jan\*\*: Write the release notes/);
  t.regex(revised[2]!.content, /\*\*Sam\*\*: Update the dashboard task list/);
  t.true(revised.every((after) => after.applied.length === 1 && after.notApplied.length === 0), JSON.stringify(revised.map((after) => after.notApplied)));
});

test('an item the document does not hold is reported, never claimed', async (t) => {
  const { revised: [after] } = await revisions('mind', sync, 'give the budget task to Priya');
  t.deepEqual(after!.applied, []);
  t.regex(after!.notApplied[0]!.reason, /no action item in the document is about "budget"/);
});

test('"Jan isn\'t fixing the e2e tests, Priya is" and "not Priya, Tom writes the release notes" change hands', async (t) => {
  const { revised: [first, second] } = await revisions('mind', sync, "Jan isn't fixing the e2e tests, Priya is", 'not Priya, Tom writes the release notes');
  t.true(owners(first!.deliverable).some((line) => /^Priya: Fix the e2e tests/.test(line)), owners(first!.deliverable).join('; '));
  t.false(owners(first!.deliverable).some((line) => /^Jan: /.test(line)));
  t.true(owners(second!.deliverable).some((line) => /^Tom: Write the release notes/.test(line)), owners(second!.deliverable).join('; '));
});
