import test from 'ava';
import { recognise } from '../../../../models/local/document/recognise.js';
import { outcome } from './helpers.js';

/** Job ads: the role as the title, the company first, then the work, what is asked, what is offered, how to apply. */

test('a job ad from notes puts each line in its part, titled by the role at the company, with how to apply as the call to action', async (t) => {
  const context = 'We are Fernway, a 40-person logistics software company in Utrecht.\nYou will build our routing API in Go and Postgres.\n5+ years of backend experience.\nExperience with Kubernetes is a plus.\nSalary 70-85k EUR, hybrid, 2 days in the office.\n25 holiday days and a 1,000 euro learning budget.\nApply by sending your CV to jobs@fernway.example before 15 January.';
  const result = await outcome('writer', { brief: 'Write a job ad for a senior backend engineer', context });
  if (result.deliverable.kind !== 'blog_post') return t.fail(result.deliverable.kind);
  const { data } = result.deliverable;
  t.is(data.title, 'Senior backend engineer at Fernway');
  t.is(data.lede, 'We are Fernway, a 40-person logistics software company in Utrecht.');
  t.deepEqual(data.sections.map((section) => section.heading), ['What you will do', 'What we are looking for', 'What we offer']);
  t.regex(result.content, /^## What we are looking for\n\n- 5\+ years of backend experience\.\n- Experience with Kubernetes is a plus\.$/m);
  t.regex(result.content, /^## What we offer\n\n- Salary 70-85k EUR, hybrid, 2 days in the office\.\n- 25 holiday days and a 1,000 euro learning budget\.$/m);
  t.is(data.call_to_action, 'Apply by sending your CV to jobs@fernway.example before 15 January.');
});

test('a one-line job ad ask: the role ends at its first comma and the terms after it are its facts', async (t) => {
  const result = await outcome('writer', { brief: 'job description for a part-time barista at our cafe in Leeds, 20 hours a week, £11.50/hour, weekends essential' });
  t.regex(result.content, /^# Part-time barista at our cafe in Leeds\n/);
  t.regex(result.content, /^## What we offer\n\n- 20 hours a week\.\n- £11\.50\/hour\.$/m);
  t.regex(result.content, /Weekends essential\./);
});

test('a job ad asked without notes is an outline of its own parts, titled by the role hired', async (t) => {
  t.like(recognise('writer', "We're hiring a product designer, can you write the job posting", {}, false), { kind: 'blog_post', subject: 'product designer', jobAd: true });
  const result = await outcome('writer', { brief: "We're hiring a product designer, can you write the job posting" });
  t.is(result.draftKind, 'outline');
  t.regex(result.content, /^# Product designer\n/);
  for (const heading of ['About the company', 'What you will do', 'What we are looking for', 'What we offer', 'How to apply']) t.regex(result.content, new RegExp(`^## ${heading}$`, 'm'));
});

test('"job post for a senior backend engineer, remote, go and postgres, 120-150k": the stack as the stack, "remote" and the pay range offered', async (t) => {
  const result = await outcome('writer', { brief: 'job post for a senior backend engineer, remote, go and postgres, 120-150k' });
  t.regex(result.content, /^# Senior backend engineer$/m);
  t.regex(result.content, /^We are hiring a senior backend engineer\.$/m);
  t.regex(result.content, /^## Our stack\n\nGo and Postgres\.$/m);
  t.regex(result.content, /^- Remote\.$/m);
  t.regex(result.content, /^- Salary: 120-150k\.$/m);
  t.notRegex(result.content, /What you will do/);
  const colon = await outcome('writer', { brief: 'job posting: junior frontend dev, hybrid in berlin, react and typescript, €50-60k' });
  t.regex(colon.content, /^# Junior frontend dev$/m);
  t.regex(colon.content, /^## Our stack\n\nReact and TypeScript\.$/m);
  t.regex(colon.content, /^- Salary: €50-60k\.$/m);
  const terms = await outcome('writer', { brief: 'write a job description for a product designer, full-time, remote-first' });
  t.regex(terms.content, /^- Remote-first\.$/m);
  t.regex(terms.content, /^- Full-time\.$/m);
});

test('a job description from notes typed as one comma list: each part in its section, "5+ yrs" as the experience asked', async (t) => {
  const result = await outcome('writer', { brief: 'job description for a senior backend engineer', context: 'remote (EU), go + postgres, 5+ yrs, on-call 1 week in 6, salary 90-110k eur, small team of 6, we build payroll software' });
  t.regex(result.content, /^Small team of 6\. We build payroll software\.$/m);
  t.regex(result.content, /## What we are looking for\n\n5\+ years of experience\./);
  t.regex(result.content, /## Our stack\n\nGo \+ Postgres\./);
  t.regex(result.content, /## What we offer\n\n- Remote \(EU\)\.\n- Salary 90-110k EUR\./);
  t.notRegex(result.content, /remote \(EU\), go/);
});
