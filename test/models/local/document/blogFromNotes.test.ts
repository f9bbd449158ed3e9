import test from 'ava';
import { outcome } from './helpers.js';

/** A blog post asked "from my notes": the notes are its material and what they tell titles it. */

test('"write a blog post from my notes" is titled by what the first note tells, tools spelled as their owners do, not "Notes"', async (t) => {
  const result = await outcome('writer', {
    brief: 'write a blog post from my notes',
    context: '- we switched our ci from jenkins to github actions last month\n- builds went from 18 min to 6 min\n- cost dropped about 40%',
  });
  if (result.deliverable.kind !== 'blog_post') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'How we switched our CI from Jenkins to GitHub Actions');
  t.regex(result.content, /^# How we switched our CI from Jenkins to GitHub Actions$/m);
  const notes = await outcome('writer', { brief: 'blog post based on the notes below', context: 'our bakery now delivers in utrecht\n- orders before 10am arrive the same day\n- delivery is free over 25 euros' });
  t.regex(notes.content, /^# Our bakery now delivers in Utrecht$/m);
});

test('a blog post from notes of two or three words keeps every one of them, days with their capitals, with no heading over a two-word note', async (t) => {
  const result = await outcome('writer', {
    brief: 'write a blog post about our move to a 4 day work week',
    context: "we tried it for 6 months. productivity stayed the same, sick days down 40%. fridays off. customers didn't notice. some people found thursdays intense.",
  });
  for (const note of ['We tried it for 6 months.', 'Productivity stayed the same, sick days down 40%.', 'Fridays off.', 'Customers did not notice.', 'Some people found Thursdays intense.']) t.true(result.content.includes(note), `${note}\n${result.content}`);
  t.notRegex(result.content, /^## Fridays/m);
});

test('"how we cut our cloud bill": notes of what was done, typed without "we", are said by the team the title speaks for', async (t) => {
  const result = await outcome('writer', {
    brief: 'write a blog post about how we cut our cloud bill by 40%',
    context: 'moved batch jobs to spot instances. deleted 2tb of old snapshots. right-sized databases (most were 4x too big). reserved instances for steady load. total from $50k to $30k a month over 3 months.',
  });
  t.regex(result.content, /We moved batch jobs to spot instances\./);
  t.regex(result.content, /We deleted 2TB of old snapshots\./);
  t.regex(result.content, /We right-sized databases \(most were 4x too big\)\./);
  t.notRegex(result.content, /^(?:Moved|Deleted|Right-sized) /m);
});

test('a post whose title speaks for no one keeps its notes as typed', async (t) => {
  const result = await outcome('writer', { brief: 'write a blog post about spot instances', context: 'moved batch jobs to spot instances. they are 70% cheaper. they can be taken back with 2 minutes notice.' });
  t.notRegex(result.content, /\bWe moved\b/);
});
