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
