import test from 'ava';
import { revisions } from './helpers.js';

/** "add a conclusion": a last section that gathers the document's own points. */

const report = { brief: 'write a report on our Q3 support tickets', context: 'Tickets rose 20% in Q3 to 4,200. Median first response fell from 6 hours to 2 hours. Most tickets were about billing. We hired two agents in August. Satisfaction rose to 92%.' };
const blog = { brief: 'blog post about why small teams should write design docs', context: 'We are a team of five. Last year we skipped design docs and rebuilt the billing service twice. Since March every change over two days gets a one-page doc. Reviews take 20 minutes. We have not rebuilt anything since.' };

test('"add a conclusion" on a report gathers each part\'s point under "## Conclusion" at the end', async (t) => {
  const { original, revised: [after] } = await revisions('writer', report, 'it needs a conclusion section');
  t.true(after!.content.startsWith(original.trim()));
  t.regex(after!.content, /## Conclusion\n\nTickets rose 20% in Q3 to 4,200\. Median first response fell from 6 hours to 2 hours\. Satisfaction rose to 92%\.\n?$/);
  t.deepEqual(after!.applied, ['add conclusion']);
});

test('"add a conclusion" on a blog post that argues its title says the point it argues', async (t) => {
  const { revised: [after, again] } = await revisions('writer', blog, 'add a conclusion', 'add a conclusion');
  t.regex(after!.content, /## Conclusion\n\n.*That is why small teams should write design docs\.\n?$/);
  t.regex(again!.notApplied[0]!.reason, /has a conclusion already/);
});

test('"add a conclusion" on an email says what it needs instead', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'email the team: offsite moved to fri 14th, same place, bring laptops' }, 'add a conclusion');
  t.is(after!.content, original);
  t.regex(after!.notApplied[0]!.reason, /call to action/);
});

test('"add a conclusion" on a plan says a line two sections repeat once', async (t) => {
  const { revised: [after] } = await revisions('pilot', { brief: 'plan for migrating our blog from wordpress to astro', context: 'We have 400 posts. Dana owns content export, Lee owns the new theme. Launch by March 28. Risk: broken links from old URLs.' }, 'add a conclusion');
  const conclusion = after!.content.split('## Conclusion')[1]!;
  t.is(conclusion.match(/Launch by March 28/g)?.length, 1);
});
