import test from 'ava';
import { changesIn, parseCommits, typeOfMessage } from '../../../../models/local/document/commits.js';

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
