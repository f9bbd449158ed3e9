import test from 'ava';
import { outcome } from './helpers.js';

/** A post welcoming someone who joins the team: who, as what, from where; never a hashtag of their name. */

test('"linkedin post welcoming maria to the team, she joins as head of design from spotify" welcomes Maria, her role and where she comes from', async (t) => {
  const result = await outcome('writer', { brief: 'linkedin post welcoming maria to the team, she joins as head of design from spotify' });
  if (result.deliverable.kind !== 'social_posts') return t.fail(result.deliverable.kind);
  const [post] = result.deliverable.data.posts;
  t.is(post!.text, 'Please join us in welcoming Maria to the team as our new Head of Design!\n\nMaria joins us from Spotify.\n\nWelcome aboard, Maria!\n\n#NewHire #WelcomeToTheTeam');
  t.false(post!.hashtags.includes('#Maria'));
});

test('a welcome post over notes ("maria garcia / head of design / prev spotify, 6 yrs / starts monday") says each of them of her', async (t) => {
  const result = await outcome('writer', { brief: 'linkedin post welcoming our new hire', context: 'maria garcia\nhead of design\nprev spotify, 6 yrs\nstarts monday' });
  t.regex(result.content, /^Please join us in welcoming Maria Garcia to the team as our new Head of Design!$/m);
  t.regex(result.content, /^Maria joins us from Spotify after 6 years there\.$/m);
  t.regex(result.content, /^Maria's first day is Monday\.$/m);
  const post = await outcome('writer', { brief: 'post introducing our new team member', context: '- Priya Shah\n- senior backend engineer\n- ex-stripe\n- loves rock climbing' });
  t.is(post.deliverable.kind, 'social_posts');
  t.regex(post.content, /Priya joins us from Stripe\.\n\nPriya loves rock climbing\./);
});
