import test from 'ava';
import { outcome } from './helpers.js';

/** Mind asks with a shape of their own: pros and cons, a plan's risks, interviews in themes. */

const weekNotes = '- people would be happier, less burnout\n- hiring gets easier, candidates ask for it\n- customer support coverage on fridays is a problem\n- sam worries about deadlines slipping\n- payroll says cost is the same';

test('"pros and cons of moving to a 4 day week" over notes: each line under the side it argues, in its words; the neutral line noted apart', async (t) => {
  const result = await outcome('mind', { brief: 'pros and cons of moving to a 4 day week', context: weekNotes });
  t.is(result.draftKind, 'grounded');
  t.regex(result.content, /^# Moving to a 4 day week: pros and cons$/m);
  t.regex(result.content, /## Pros\n\n- People would be happier, less burnout\n- Hiring gets easier, candidates ask for it\n\n## Cons\n\n- Customer support coverage on Fridays is a problem\n- Sam worries about deadlines slipping\n\n## Also noted\n\n- Payroll says cost is the same/);
  t.notRegex(result.content, /Meeting summary|## Findings/);
});

test('"pros and cons of ..." with nothing to go on: an outline of the two sides asking for what is known', async (t) => {
  const result = await outcome('mind', { brief: 'pros and cons of moving to a 4 day week' });
  t.is(result.draftKind, 'outline');
  t.regex(result.content, /^# Moving to a 4 day week: pros and cons$/m);
  t.regex(result.content, /## Pros\n\n- .+\n\n## Cons\n\n- .+\n\n## What would decide it/);
});

test('pros and cons typed in the ask itself ("pros and cons of remote work: more focus, no commute, ...") are sorted too', async (t) => {
  const result = await outcome('mind', { brief: 'pros and cons of remote work: more focus, no commute, harder onboarding, lonely for juniors' });
  t.regex(result.content, /## Pros\n\n- More focus\n- No commute\n\n## Cons\n\n- Harder onboarding\n- Lonely for juniors/);
});

test('"what are the risks here" over a plan: the plan, then each risk with why when the line says it and the mitigation the notes state', async (t) => {
  const result = await outcome('mind', {
    brief: 'what are the risks here',
    context: 'Plan: migrate billing to stripe by march 1.\n- we have only one engineer who knows the old billing code (tom)\n- stripe webhooks need a new endpoint, not built yet\n- if migration slips past march 1 we pay another year of the old vendor ($40k)\n- fallback: keep the old vendor on a monthly contract',
  });
  t.is(result.deliverable.kind, 'analysis');
  t.regex(result.content, /\*\*The plan:\*\* Migrate billing to Stripe by March 1\./);
  t.regex(result.content, /1\. \*\*We have only one engineer who knows the old billing code \(Tom\)\*\*\n2\. \*\*Stripe webhooks need a new endpoint, not built yet\*\*\n3\. \*\*Migration slips past March 1\*\*\n {3}- Why it matters: If so, we pay another year of the old vendor \(\$40k\)\.\n {3}- Mitigation: Keep the old vendor on a monthly contract\./);
  t.regex(result.content, /No mitigation is stated for 2 of the 3 risks yet/);
  t.notRegex(result.content, /Meeting summary|## Topics|## Participants/);
});

test('"risks of the office move" and "what could go wrong with this launch plan?" are risk lists too, titled by what they are of', async (t) => {
  const move = await outcome('mind', { brief: 'risks of the office move', context: '- movers booked for the 14th, no backup company\n- internet install at the new office not confirmed' });
  t.regex(move.content, /^# Risks: Office move$/m);
  t.regex(move.content, /1\. \*\*Movers booked for the 14th, no backup company\*\*\n2\. \*\*Internet install at the new office not confirmed\*\*/);
  const launch = await outcome('mind', { brief: 'what could go wrong with this launch plan?', context: 'only 2 support agents on shift\npress embargo lifts at 9am' });
  t.regex(launch.content, /^# Risks: Launch plan$/m);
  t.regex(launch.content, /\*\*Only 2 support agents on shift\*\*/);
});

const interviews = 'Interview 1 - Maria (ops lead, Acme)\n- onboarding took 3 weeks, too long\n- "I can never find the export button"\n- loves the slack integration\n\nInterview 2 - Dev (founder, Bluebird)\n- pricing is confusing, didn\'t know which plan\n- "export is buried three menus deep"\n- would pay more for SSO\n\nInterview 3 - Lena (PM, Corvid)\n- onboarding was fine\n- wants SSO before rolling out to the team\n- "the slack alerts are the reason we stayed"';

test('"summarize these customer interviews": who was interviewed, themes two or more raised with who said what, quotes kept with their marks', async (t) => {
  const result = await outcome('mind', { brief: 'summarize these customer interviews', context: interviews });
  t.is(result.deliverable.kind, 'analysis');
  t.regex(result.content, /^# Customer interviews: themes$/m);
  t.regex(result.content, /\*\*Interviewed:\*\* Maria \(ops lead, Acme\); Dev \(founder, Bluebird\); Lena \(PM, Corvid\)/);
  t.regex(result.content, /### Export \(2 of 3\)\n\n- Maria: "I can never find the export button"\n- Dev: "export is buried three menus deep"/);
  t.regex(result.content, /### SSO \(2 of 3\)\n\n- Dev: Would pay more for SSO\n- Lena: Wants SSO before rolling out to the team/);
  t.regex(result.content, /### Onboarding \(2 of 3\)\n\n- Maria: Onboarding took 3 weeks, too long\n- Lena: Onboarding was fine/);
  t.regex(result.content, /## Raised by one person\n\n- Dev: Pricing is confusing, didn't know which plan/);
  t.notRegex(result.content, /Meeting summary|## Topics/);
});

test('"themes from the user interviews" over "Name: ..." lines reads each line as that person\'s', async (t) => {
  const result = await outcome('mind', { brief: 'themes from the user interviews', context: 'Ana: the calendar view is confusing\nBen: I\'d pay for the calendar sync\nCarl: exporting is slow' });
  t.regex(result.content, /### Calendar \(2 of 3\)\n\n- Ana: The calendar view is confusing\n- Ben: I'd pay for the calendar sync/);
  t.regex(result.content, /- Carl: Exporting is slow/);
});

test('"key takeaways from this customer interview" over one interview\'s unsigned notes: each note a takeaway, never an empty page', async (t) => {
  const result = await outcome('mind', { brief: 'key takeaways from this customer interview', context: 'uses us for invoicing, 3 people on the team\nhates the export, takes 10 min\nwould pay more for quickbooks sync\nsupport is great' });
  if (result.deliverable.kind !== 'analysis') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Customer interview: key takeaways');
  t.is(result.deliverable.data.findings.length, 4);
  t.regex(result.content, /## Key takeaways\n\n- Uses us for invoicing, 3 people on the team\n- Hates the export, takes 10 min\n/);
  t.notRegex(result.content, /^- : /m);
});

test('pros and cons from notes as typed: a survey that asked for it and competitors who do it are pros; a label stays with its line', async (t) => {
  const result = await outcome('mind', {
    brief: 'what are the pros and cons of moving to a 4 day work week',
    context: 'team of 25. support needs coverage mon-fri. people asked for it in the survey (68% yes). competitors: two of them do it.',
  });
  t.regex(result.content, /## Pros\n\n- People asked for it in the survey \(68% yes\)\n- Competitors: two of them do it\n/);
  t.regex(result.content, /## Cons\n\n- Support needs coverage mon-fri\n/);
});
