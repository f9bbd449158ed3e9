import test from 'ava';
import { applicationOf } from '../../../../models/local/document/build/coverLetter.js';
import { outcome } from './helpers.js';

/** Cover letters: a letter to the hiring manager, every fact of the notes said in the first person, no title. */

test('the role and the company are read from the ask, whichever comes first', (t) => {
  t.deepEqual(applicationOf('junior data analyst role at Acme'), { role: 'junior data analyst role', company: 'Acme' });
  t.deepEqual(applicationOf('applying for the barista job at Blue Bottle Coffee'), { role: 'barista job', company: 'Blue Bottle Coffee' });
  t.deepEqual(applicationOf('Acme for the data analyst role'), { role: 'data analyst role', company: 'Acme' });
  t.deepEqual(applicationOf('nurse'), { role: 'nurse role' });
});

test('a cover letter from notes is a letter: greeting, the role and company, each fact in the first person, a closing and a sign-off', async (t) => {
  const context = '- 2 years excel + sql at a logistics firm\n- built the weekly ops dashboard in looker\n- bsc economics 2023';
  const result = await outcome('writer', { brief: 'cover letter for a junior data analyst role at Acme', context });
  t.is(result.deliverable.kind, 'email');
  t.regex(result.content, /^Dear Hiring Manager,\n\nI am writing to apply for the junior data analyst role at Acme\.\n/);
  t.regex(result.content, /^I have 2 years of experience with Excel and SQL at a logistics firm\. I built the weekly ops dashboard in Looker\. I graduated with a BSc in economics in 2023\.$/m);
  t.regex(result.content, /^I would welcome the chance to discuss how I could contribute to Acme\./m);
  t.regex(result.content, /Sincerely,\s*$/);
  t.notRegex(result.content, /^#|title:|Cover letter for/im);
});

test('whom it is addressed to and who signs come from the ask or the notes, and are not facts of the letter', async (t) => {
  const context = '3 years as a barista at Starbucks\nlatte art champion 2022\nfluent in spanish\nmy name is Jo Smith';
  const result = await outcome('writer', { brief: 'write a cover letter applying for the barista job at Blue Bottle Coffee, hiring manager is Tom Reed', context });
  t.regex(result.content, /^Dear Tom Reed,\n\nI am writing to apply for the barista job at Blue Bottle Coffee\.\n/);
  t.regex(result.content, /I have 3 years of experience as a barista at Starbucks\. I was a latte art champion in 2022\. I am fluent in Spanish\./);
  t.regex(result.content, /Sincerely, {2}\nJo Smith\n$/);
  t.is(result.content.match(/Jo Smith/g)?.length, 1);
});

test('skills under a label are said together, a degree with its school and year', async (t) => {
  const context = 'name: Priya Shah\nskills: python, sql, tableau\nled a churn analysis that cut churn by 8%\nMSc in statistics from UCL, 2022';
  const result = await outcome('writer', { brief: 'cover letter to Acme for the data analyst role', context });
  t.regex(result.content, /^My skills include Python, SQL and Tableau\. I led a churn analysis that cut churn by 8%\. I graduated from UCL with an MSc in statistics in 2022\.$/m);
  t.regex(result.content, /Priya Shah\n$/);
});

test('a cover letter asked without notes is an outline of the letter, titled by its subject line', async (t) => {
  const result = await outcome('writer', { brief: 'cover letter for a junior data analyst role at Acme' });
  t.is(result.draftKind, 'outline');
  t.regex(result.content, /^# Application for the junior data analyst role at Acme\n/);
  for (const heading of ['Why this role', 'Experience', 'Education', 'Sign-off']) t.regex(result.content, new RegExp(`^## ${heading}$`, 'm'));
});
