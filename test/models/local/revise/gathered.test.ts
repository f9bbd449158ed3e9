import test from 'ava';
import { revisions } from './helpers.js';

/** "add a blockers section", "add next steps": a section of a kind the document already holds, gathered from it. */

const status = { brief: 'weekly status update for my manager', context: '- shipped the new onboarding flow\n- signup conversion up from 3.1% to 3.8%\n- blocked on legal review for the EU launch\n- next week: start on billing page redesign' };
const standup = { brief: 'turn this into a standup summary', context: 'ana: yesterday finished the invoice export. today starting on the csv import. blocked on api keys from ops\nben: yesterday reviewed PRs. today fixing the login bug. no blockers\ncarl: yesterday sso spike, today writing it up. risk: vendor sso docs are out of date' };
const thread = {
  brief: 'summarize this email thread',
  context: 'From: Priya Shah\nTo: team\nSubject: Q3 launch plan\n\nHi all, we need to lock the launch date. I propose Sept 14. Tom can you confirm the billing changes are ready by Sept 7?\n\nFrom: Tom Reed\n\nSept 14 works. Billing will be ready by the 7th. I\'ll also draft the release notes by Sept 10.\n\nFrom: Lisa Wong\n\nSounds good. I\'ll brief support by Sept 12.',
};

test('"add a blockers section" on a status update gathers its "Blocked on ..." line there, once', async (t) => {
  const { original, revised: [after] } = await revisions('mind', status, 'add a blockers section');
  t.regex(original, /## Risks\n\n- Blocked on legal review for the EU launch/);
  t.regex(after!.content, /## Blockers\n\n- Blocked on legal review for the EU launch\n\n## Next actions/);
  t.is(after!.content.match(/Blocked on legal review/g)!.length, 1);
  t.notRegex(after!.content, /## Risks/, 'the risks section held only the blocker');
  t.regex(after!.content, /- Shipped the new onboarding flow/);
  t.deepEqual(after!.applied, ['add section: blockers']);
});

test('"add a blockers section" on a standup splits "Blockers and risks": the blocker under Blockers, the risk under Risks', async (t) => {
  const { revised: [after] } = await revisions('mind', standup, 'add a blockers section');
  t.regex(after!.content, /## Blockers\n\n- Ana: blocked on API keys from ops\n\n## Risks\n\n- Vendor SSO docs are out of date/);
  t.notRegex(after!.content, /Blockers and risks|no blockers/i);
});

test('"add a next steps section" on a thread summary lists the thread\'s action items with owners and dates, once', async (t) => {
  const { original, revised: [after] } = await revisions('mind', thread, 'add a next steps section');
  t.regex(original, /## Action items/);
  t.regex(after!.content, /## Next steps\n\n- \[ \] \*\*Tom Reed\*\*: Confirm the billing changes are ready \(due Sept 7\)/);
  t.regex(after!.content, /\*\*Lisa Wong\*\*: Brief support \(due Sept 12\)/);
  t.notRegex(after!.content, /## Action items/);
  t.is(after!.content.match(/Brief support/g)!.length, 1);
});

test('"add next steps" names the section without the word; "at the end" puts it last; asked again it says it is there', async (t) => {
  const { revised: [plain, again] } = await revisions('mind', thread, 'add next steps', 'add a section for next steps');
  t.regex(plain!.content, /## Next steps/);
  t.deepEqual(again!.applied, []);
  t.regex(again!.notApplied[0]!.reason, /has a "Next steps" section already/);
  const { revised: [last] } = await revisions('mind', thread, 'can you add a next steps section at the end');
  t.regex(last!.content, /## Participants[\s\S]*## Next steps\n\n- \[ \] \*\*Tom Reed\*\*[^\n]*\n[\s\S]*$/);
});

test('"add a blockers section" on standup lines takes the blocking clause only; the rest of the line is an update in the summary', async (t) => {
  const notes = { brief: 'standup notes from today', context: 'ana: finished invoice export, starting csv import, waiting on api keys from ops\nben: login bug fixed, reviewing PRs\ncarl: sso spike done, stuck on vendor docs' };
  const { revised: [after] } = await revisions('mind', notes, 'add a blockers section');
  t.regex(after!.content, /## Blockers\n\n- Ana: waiting on API keys from ops\n- Carl: stuck on vendor docs\n/);
  t.regex(after!.content, /## Summary\n\n[^#]*- Ana: finished invoice export, starting CSV import\n- Carl: SSO spike done\n/);
  t.is(after!.content.match(/vendor docs/gi)!.length, 2, 'the blocker and its topic, no more');
});
