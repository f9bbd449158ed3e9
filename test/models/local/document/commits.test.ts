import test from 'ava';
import { changesIn, parseCommits, typeOfMessage } from '../../../../models/local/document/commits.js';
import { outcome } from './helpers.js';

/** Commit lists as people paste or type them, read into release-note entries. */

test('commits typed one after another on one line are read one by one, each with its kind', (t) => {
  const commits = parseCommits('feat: export invoices as CSV; fix(auth): login loop on Safari, perf: faster search (#88)');
  t.deepEqual(
    commits.map((commit) => [commit.type, commit.scope, commit.subject, commit.ref]),
    [
      ['feature', null, 'Export invoices as CSV', null],
      ['fix', 'auth', 'Login loop on Safari', null],
      ['improvement', null, 'Faster search', '#88'],
    ],
  );
});

test('a commit whose subject has a comma stays one commit, and prose with a prefix-like word stays prose', (t) => {
  t.deepEqual(parseCommits('fix: the map no longer jumps, so drivers stay on route').map((commit) => commit.subject), ['The map no longer jumps, so drivers stay on route']);
  t.deepEqual(parseCommits('We kept the old colours, test: nothing else changed for drivers'), []);
  t.deepEqual(parseCommits('a1b2c3d feat(scan): batch scanning of parcels (#412)').map((commit) => [commit.ref, commit.subject]), [['a1b2c3d', 'Batch scanning of parcels']]);
});

test('a sentence listing what a release did gives one change per verb; other prose stays whole', (t) => {
  t.deepEqual(changesIn('We added dark mode, fixed the crash when uploading large photos, and made search faster.'), ['Added dark mode', 'Fixed the crash when uploading large photos', 'Made search faster']);
  t.deepEqual(changesIn('New dark mode; faster search; fixed the login loop on Safari'), ['New dark mode', 'Faster search', 'Fixed the login loop on Safari']);
  t.deepEqual(changesIn('This release adds CSV export and fixes the double charge on reload.'), ['Added CSV export', 'Fixed the double charge on reload']);
  t.deepEqual(changesIn('We made search faster and better.'), ['Made search faster and better'], 'no change of one word');
  t.deepEqual(changesIn('Added export and import of invoices'), ['Added export and import of invoices']);
  t.deepEqual(changesIn('The app crashed on login, fixed by a restart.'), ['The app crashed on login, fixed by a restart'], 'not a list of changes');
  t.deepEqual(['Added dark mode', 'Fixed the crash when uploading large photos', 'Made search faster'].map(typeOfMessage), ['feature', 'fix', 'improvement']);
});

test('release notes from a commit list tell users what changed, not what the commit ordered', async (t) => {
  const { outcome } = await import('./helpers.js');
  const pasted = await outcome('writer', { brief: 'release notes from these commits', context: 'Add dark mode\nFix login redirect loop\nImprove upload speed on mobile' });
  const typed = await outcome('writer', { brief: 'release notes for v2.3', context: 'a1b2c3d feat: add csv export (#12)\nb2c3d4e fix(auth): resolve token refresh race\nc3d4e5f perf: speed up search' });
  for (const line of ['Added dark mode', 'Fixed login redirect loop', 'Improved upload speed on mobile']) t.true(pasted.content.includes(line), pasted.content);
  for (const line of ['Added CSV export', 'Resolved token refresh race', 'Sped up search']) t.true(typed.content.includes(line), typed.content);
  t.false(/^- (?:Add|Fix|Improve|Resolve|Speed) /m.test(`${pasted.content}\n${typed.content}`));
  t.deepEqual(changesIn('Support for SSO on the team plan'), ['Support for SSO on the team plan'], 'a noun stays as written');
});

test('a fix commit that names the bug is told as fixed, and a refactor is left out of customer notes', async (t) => {
  const { outcome } = await import('./helpers.js');
  const context = `9f2c1ab feat(billing): add annual plans
3e4d5f6 fix: invoice pdf shows wrong tax for EU customers
44bb55c refactor(auth): move session code to its own module
77dd88e fix(search): results empty when query has an apostrophe
88ee99f fix: crash when uploading large images
99ff00a fix(auth): login loop on safari`;
  const result = await outcome('pilot', { brief: 'write release notes from these commits', context });
  const fixed = result.content.split('## Fixed\n\n')[1]?.trim().split('\n') ?? [];
  t.deepEqual(fixed, [
    '- Fixed invoice PDF showing wrong tax for EU customers',
    '- Fixed: results empty when query has an apostrophe',
    '- Crash when uploading large images',
    '- Login loop on Safari',
  ]);
  t.notRegex(result.content, /session code/);
  t.regex(result.content, /^- Added annual plans$/m);
});

test('release notes typed on one line keep every item: a thing named without a verb is new in the release', async (t) => {
  const result = await outcome('writer', { brief: 'release notes for v2.4: dark mode, faster sync, csv export, fixed login bug' });
  t.regex(result.content, /## New\n\n- Dark mode\n- CSV export\n/);
  t.regex(result.content, /- Faster sync/);
  t.regex(result.content, /- Fixed login bug/);
  const listed = await outcome('pilot', { brief: 'changelog for 3.1', context: '- bulk edit for tasks\n- recurring tasks\n- bump deps' });
  t.regex(listed.content, /- Bulk edit for tasks\n- Recurring tasks/);
  t.notRegex(listed.content, /deps/i);
});

test('fixes named by what went wrong ("session expires too early", "accents ignored in names") read as fixed, not as bugs the release still has', async (t) => {
  const result = await outcome('pilot', { brief: 'release notes from these commits', context: 'feat(export): add csv export for invoices\nfix(auth): session expires too early on safari\nfix(search): accents ignored in names\nchore: bump deps' });
  t.regex(result.content, /^- Fixed session expiring too early on Safari$/m);
  t.regex(result.content, /^- Fixed: accents ignored in names$/m);
  t.notRegex(result.content, /^- Session expires/m);
});
