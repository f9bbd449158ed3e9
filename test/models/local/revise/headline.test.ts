import test from 'ava';
import { revisions } from './helpers.js';

/** "make the title punchier", "better headline pls": a headline that says the news, from what the document says. */

test('"make the title punchier" on a blog post titled with a thing gives the news as the headline', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'blog post announcing our new dark mode, ships tomorrow, works on all platforms' }, 'make the title punchier');
  t.regex(original, /^# New dark mode$/m);
  t.regex(after!.content, /^# New dark mode ships tomorrow$/m);
  t.regex(after!.content, /^Our new dark mode ships tomorrow\.$/m, 'the body stays');
  t.deepEqual(after!.applied, ['punchier title: New dark mode ships tomorrow']);
  t.deepEqual(after!.notApplied, []);
});

test('"the title is kinda boring" on an announcement titled "Announcement" gives its news, contracted', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'announcement: we are opening a new office in lisbon in march, hiring 10 engineers' }, 'the title is kinda boring');
  t.regex(after!.content, /^# We're opening a new office in Lisbon in March$/m);
  t.regex(after!.content, /hiring 10 engineers\./);
});

test('a title that says its news is tightened, in the front matter too; asked again it says why not', async (t) => {
  const heroku = { brief: 'blog post: why we moved from heroku to aws', context: 'costs were up 40% on heroku. we needed private networking. migration took 6 weeks. bills are down 30% now.' };
  const { revised: [after] } = await revisions('writer', heroku, 'punchier headline?');
  t.regex(after!.content, /^# Why we left Heroku for AWS$/m);
  t.regex(after!.content, /^title: "Why we left Heroku for AWS"$/m);
  const seed = { brief: 'write an announcement that we raised a $4M seed round led by Acme Ventures', context: 'we will use it to hire 5 engineers and launch in germany' };
  const { revised: [punchier, again] } = await revisions('writer', seed, 'title should be punchier', 'better headline pls');
  t.regex(punchier!.content, /^# We raised a \$4M seed round$/m, 'not retitled "punchier"');
  t.regex(punchier!.content, /led by Acme Ventures\./, 'the body keeps who led it');
  t.is(again!.content, punchier!.content);
  t.regex(again!.notApplied[0]!.reason, /give the one you want/);
});

test('"make the headline more exciting" changes the title only; on an email it is the subject', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'blog post for customers: the new reporting dashboard is live', context: 'filters by team, exports to csv, refreshes every 5 minutes' }, 'make the headline more exciting');
  t.is(after!.content.replace(/^(# |title: ").*$/gm, ''), original.replace(/^(# |title: ").*$/gm, ''));
  t.regex(after!.content, /^# New reporting dashboard is live$/m);
  const { revised: [email] } = await revisions('writer', { brief: 'email to the team: the all-hands moves to friday at 4pm. Bring your laptop.' }, 'make the title punchier');
  t.regex(email!.content, /^\*\*Subject:\*\* All-hands moves to Friday at 4pm$/m);
});

test('"make the title punchier" on a post (no title) punches up its opening line, its stock opener gone', async (t) => {
  const { original, revised: [after] } = await revisions('writer', { brief: 'linkedin post: we just shipped our first open source library, a tiny date parser' }, 'make the title punchier');
  t.regex(original, /^Some news we are excited to share\.$/m);
  t.regex(after!.content, /^We shipped our first open source library: a tiny date parser\.\n\nTake a look/);
  t.deepEqual(after!.notApplied, []);
});
