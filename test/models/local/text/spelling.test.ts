import test from 'ava';
import { spellNames } from '../../../../models/local/text/spelling.js';

/** Tool names and acronyms as their owners spell them, wherever the client typed them in lower case. */

test('acronyms are written in capitals, with a small plural "s"; names keep their own capitals', (t) => {
  t.is(spellNames('bob: blocked on sql migration, waiting for dba'), 'bob: blocked on SQL migration, waiting for DBA');
  t.is(spellNames('review open prs and the apis'), 'review open PRs and the APIs');
  t.is(spellNames('github pr for the ios app, Github actions'), 'GitHub PR for the iOS app, GitHub Actions');
  t.is(spellNames('looker dashboard done, jira board updated, ci/cd green'), 'Looker dashboard done, Jira board updated, CI/CD green');
});

test('a word that is ordinary English too is a name only beside what names a tool', (t) => {
  t.is(spellNames('today working on excel export'), 'today working on Excel export');
  t.is(spellNames('export the list to excel'), 'export the list to Excel');
  t.is(spellNames('help every student excel at maths'), 'help every student excel at maths');
  t.is(spellNames('post it on slack'), 'post it on Slack');
  t.is(spellNames('cut the team some slack, then zoom in on costs'), 'cut the team some slack, then zoom in on costs');
  t.is(spellNames('the notion that docs live in notion pages'), 'the notion that docs live in Notion pages');
  t.is(spellNames('our it team requires sso, so make it team-wide'), 'our IT team requires SSO, so make it team-wide');
  t.is(spellNames('it team packs servers dec 5\n- it support moves the printers'), 'IT team packs servers dec 5\n- IT support moves the printers');
  t.is(spellNames('set up aws (rds, ecs) by jan 10'), 'set up AWS (RDS, ECS) by jan 10');
});

test('code, addresses, file names, identifiers and units are left as typed', (t) => {
  t.is(spellNames('see report.pdf at https://example.com/api/sql'), 'see report.pdf at https://example.com/api/sql');
  t.is(spellNames('run `select id from sql_jobs` on user_id'), 'run `select id from sql_jobs` on user_id');
  t.is(spellNames('took 3 hr and 500 ml; ask hr'), 'took 3 hr and 500 ml; ask HR');
  t.is(spellNames('branch feature/csv-export'), 'branch feature/csv-export');
  t.is(spellNames('#sql and @github'), '#sql and @github');
});

test('a size typed in lower case has its unit in capitals: "2tb" is "2TB", "512 mb" is "512 MB"', (t) => {
  t.is(spellNames('deleted 2tb of old snapshots, kept 512 mb'), 'deleted 2TB of old snapshots, kept 512 MB');
});
