import test from 'ava';
import { outcome } from './helpers.js';

/** An incident written up from the notes people keep while it happens. */

const notes = `11:02pm checkout errors spike, pagerduty fires
11:10 sam on it, sees db connections maxed at 500
11:25 rolled back the 2.3.1 deploy, errors drop
11:40 all clear
root cause: new connection pool default in 2.3.1 was unbounded
~1,200 failed checkouts, est 18k revenue lost
follow ups: sam to cap the pool size, priya adds an alert on connection count`;

const section = (content: string, heading: string) => content.split(`## ${heading}\n\n`)[1]?.split('\n\n')[0] ?? '';

test('timed notes are the timeline, the cost is the impact, "root cause:" the cause, and the follow-ups are listed once', async (t) => {
  const result = await outcome('mind', { brief: 'write up the incident from last night', context: notes });
  t.regex(result.content, /^# Incident report, last night$/m);
  t.is(section(result.content, 'Timeline').split('\n').length, 4);
  t.regex(section(result.content, 'Timeline'), /^- 11:10 Sam on it, sees db connections maxed at 500$/m);
  t.is(section(result.content, 'Impact'), '- ~1,200 failed checkouts, est 18k revenue lost');
  t.is(section(result.content, 'Root cause'), '- New connection pool default in 2.3.1 was unbounded');
  t.regex(section(result.content, 'Follow-ups'), /\*\*Sam\*\*: Cap the pool size\n.*\*\*Priya\*\*: Add an alert on connection count/);
  t.is((result.content.match(/cap the pool size/gi) ?? []).length, 1);
  if (result.deliverable.kind !== 'analysis') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.subject, 'incident');
  t.deepEqual(result.deliverable.data.causes, ['New connection pool default in 2.3.1 was unbounded']);
});

test('a postmortem in prose: sentences with a clock time make the timeline, a commitment is a follow-up only', async (t) => {
  const context = 'On March 3 at 14:05 the payments API started returning 502s. Stripe webhooks were timing out because the worker queue was full. We paused the nightly export at 14:30 and the queue drained by 14:50. About 340 customers saw failed payments and 12 opened tickets. Dana will move the export to its own pool by Friday.';
  const result = await outcome('mind', { brief: 'postmortem for the payments outage', context });
  t.regex(result.content, /^# Incident report: Payments outage$/m);
  t.regex(section(result.content, 'Timeline'), /14:05[\s\S]*14:30/);
  t.regex(section(result.content, 'Impact'), /340 customers/);
  t.regex(section(result.content, 'Follow-ups'), /\*\*Dana\*\*: Move the export to its own pool \(due Friday\)/);
  t.is((result.content.match(/its own pool/g) ?? []).length, 1);
});

test('a one-line incident: "cause:" is the cause and a team takes its follow-up', async (t) => {
  const result = await outcome('mind', { brief: 'incident summary', context: 'db failover at 3am, site down 14 min. cause: disk full on primary. ops to add disk alerts' });
  t.regex(result.content, /^# Incident report$/m);
  t.is(section(result.content, 'Root cause'), '- Disk full on primary.');
  t.is(section(result.content, 'Follow-ups').trim(), '- [ ] **Ops**: Add disk alerts');
});

test('the pilot crew asked for a postmortem from a timeline writes the incident report, not a roadmap of the timeline', async (t) => {
  const context = `14:02 deploy of api v3.12 starts
14:09 error rate on /checkout jumps to 18%
14:11 pagerduty alerts on-call (sam)
14:20 sam rolls back to v3.11
14:26 error rate back to normal
root cause: db migration added a not-null column without default
~1,200 failed checkouts`;
  const result = await outcome('pilot', { brief: 'write a postmortem from this timeline', context });
  t.is(result.deliverable.kind, 'analysis');
  t.regex(result.content, /^# Incident report$/m);
  t.notRegex(result.content, /Phase|roadmap/i);
  t.regex(section(result.content, 'Timeline'), /^- 14:11 PagerDuty alerts on-call \(Sam\)\n- 14:20 Sam rolls back to v3\.11$/m);
  t.is(section(result.content, 'Impact'), '- ~1,200 failed checkouts');
  t.regex(section(result.content, 'Root cause'), /^- Db migration added a not-null column without default$/m);
});
