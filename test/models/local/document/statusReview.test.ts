import test from 'ava';
import { outcome } from './helpers.js';

/** Status updates typed as quick notes: a line's label says what it is. */

test('a line labelled "risk:" is a risk, not a highlight, and starts with a capital', async (t) => {
  const context = 'signups 1,240 (+8% wow)\nhiring: 2 offers out for backend roles\nrisk: the payments vendor contract ends in march\nblocker: app store review pending';
  const result = await outcome('mind', { brief: 'weekly status update for leadership', context });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  const { highlights, risks } = result.deliverable.data;
  t.true(risks.includes('The payments vendor contract ends in March'), JSON.stringify(risks));
  t.true(risks.some((line) => /app store review pending/.test(line)), JSON.stringify(risks));
  t.false(highlights.some((line) => /vendor contract|app store/i.test(line)), JSON.stringify(highlights));
  t.regex(result.content, /## Risks\n\n- The payments vendor contract ends in March/);
});

test('"weekly status update for leadership": titled by what it is, a topical label kept, days and months capitalised, one risk per line', async (t) => {
  const context = '- hiring: 2 engineers started monday\n- launch on track for march 3\n- risk: the vendor contract ends in march, no renewal yet';
  const result = await outcome('mind', { brief: 'weekly status update for leadership', context });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  const { title, highlights, risks } = result.deliverable.data;
  t.is(title, 'Weekly status update');
  t.deepEqual(highlights, ['Hiring: 2 engineers started Monday', 'Launch on track for March 3']);
  t.deepEqual(risks, ['The vendor contract ends in March, no renewal yet']);
  t.regex(result.content, /^# Weekly status update$/m);
});

test('whom an update is for is its audience, never its title: "for my manager", "for the board", "project status update for stakeholders"', async (t) => {
  const context = '- shipped the new billing page\n- risk: QA is short-staffed\n- blocked: SSO waiting on legal';
  for (const [brief, heading] of [['status update for my manager', /^# Status update$/m], ['update for the board', /^# Status update$/m], ['project status update for stakeholders', /^# Project status update$/m], ['project status review for stakeholders', /^# Project status review$/m]] as const) {
    const result = await outcome('mind', { brief, context });
    t.is(result.deliverable.kind, 'status_review', brief);
    t.regex(result.content, heading, brief);
    t.regex(result.content, /## Risks\n\n- QA is short-staffed\n- Blocked: SSO waiting on legal/, brief);
  }
});

test('a board update typed as notes: a figure under its label is that measure with what it was, headings without a colon head their bullets, "next:" is an action', async (t) => {
  const context = 'revenue: 84k MRR, up from 81k\n- next: close the seed extension by june\nLowlights\n- churn went up to 3.1%\nAsks\n- intros to retail buyers';
  const result = await outcome('mind', { brief: 'update for the board', context });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  const { metrics, highlights, risks, action_items: actions } = result.deliverable.data;
  t.deepEqual(metrics.map((metric) => [metric.name, metric.current, metric.status]), [['Revenue', '84k (was 81k)', 'on_track'], ['Churn', '3.1%', 'at_risk']]);
  t.false(metrics.some((metric) => /^up from/i.test(metric.name)), JSON.stringify(metrics));
  t.deepEqual(risks, ['Churn went up to 3.1%']);
  t.deepEqual(actions, [{ owner: null, task: 'Close the seed extension', due: 'June' }]);
  // The line goes on after its label as it was typed, in lower case.
  t.deepEqual(highlights, ['Asks: intros to retail buyers']);
});

test('a line under a singular label is one item: "concern: burn is up 20%, runway 14 months" is one risk, its figure a change', async (t) => {
  const context = 'shipped: new onboarding flow, conversion up 8%\nconcern: burn is up 20%, runway 14 months\nnext: hire two engineers, close the seed extension';
  const result = await outcome('mind', { brief: 'weekly status update for the board', context });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  const { risks, metrics, highlights, action_items: actions } = result.deliverable.data;
  t.deepEqual(risks, ['Burn is up 20%, runway 14 months']);
  t.deepEqual(metrics.map((metric) => [metric.name, metric.current, metric.status]), [['Conversion', 'up 8%', 'on_track'], ['Burn', 'up 20%', 'at_risk']]);
  t.deepEqual(highlights, ['Shipped: new onboarding flow']);
  t.deepEqual(actions.map((item) => item.task), ['Hire two engineers', 'Close the seed extension']);
});

test('an update typed as a lower-case paragraph: every line starts as a sentence, "1 of 3 engineers" is one figure', async (t) => {
  const context = 'we shipped the slack integration and the new csv importer. churn is flat at 2.1%. hiring is behind: 1 of 3 engineers hired. next week we start the sso work.';
  const result = await outcome('mind', { brief: 'weekly status update', context });
  if (result.deliverable.kind !== 'status_review') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.highlights, ['We shipped the Slack integration and the new CSV importer.', 'Next week we start the SSO work.']);
  t.true(result.deliverable.data.metrics.some((metric) => metric.name === 'Hiring' && metric.current === '1 of 3 engineers'), JSON.stringify(result.deliverable.data.metrics));
  t.regex(result.content, /^> Churn is flat at 2\.1%\.$/m);
});

test('a status update\'s "still waiting on legal for the new terms" is a risk, not a highlight', async (t) => {
  const result = await outcome('mind', { brief: 'weekly status update for my manager', context: 'shipped the onboarding redesign\nconversion up 12% in first week\nstill waiting on legal for the new terms\nnext week: start on referral program' });
  t.regex(result.content, /## Risks\n\n- Still waiting on legal for the new terms/);
  t.notRegex(result.content, /## Highlights and updates\n\n(?:- .*\n)*- Still waiting on legal/);
});

test('a status update typed as labelled notes: figures with what they count, no column of "not given", no quote repeating a figure', async (t) => {
  const result = await outcome('mind', {
    brief: 'give me a status update for leadership',
    context: 'mobile app: beta out, 400 testers, crash rate 0.3%. payments: stripe migration 80% done, blocked on legal review of new terms. hiring: 2 of 4 roles filled. risk: android dev leaving end of month',
  });
  t.regex(result.content, /## Figures\n\n- Mobile app: 400 testers\n- Crash rate: 0\.3%\n- Stripe migration: 80% done\n/);
  t.notRegex(result.content, /not given|Not stated|^> /m);
  t.regex(result.content, /^- Payments: blocked on legal review of new terms$/m);
});

test('OKRs: "csat 82%, want 90%" has its target; key results below their targets are no risks and carry no status', async (t) => {
  const result = await outcome('mind', { brief: 'draft OKRs for the support team next quarter', context: 'first response time is 9h, want under 2h. csat 82%, want 90%. launch help center. hire 2 agents.' });
  t.regex(result.content, /## Key results\n\n\| Measure \| Now \| Target \|\n\| --- \| --- \| --- \|\n\| First response time \| 9h \| under 2h \|\n\| CSAT \| 82% \| 90% \|/);
  t.notRegex(result.content, /At risk|## Risks/);
  t.regex(result.content, /## Also planned\n\n- Launch help center\./);
});
