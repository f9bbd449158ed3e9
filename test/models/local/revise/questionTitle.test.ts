import test from 'ava';
import { asQuestion } from '../../../../models/local/revise/questionTitle.js';
import { revisions } from './helpers.js';

/** "make the title a question": before `general_feedback` and nothing changed; now only the title (or subject line) is rewritten, as a question about what it says. */

test('"make the title a question" on an email: the subject asks about the move, the body is as it was', async (t) => {
  const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street.' };
  const { original, revised: [after] } = await revisions('writer', move, 'make the title a question');
  t.is(after!.content.trim(), original.trim().replace('**Subject:** We move to the new office on March 3', '**Subject:** Ready for the move to the new office on March 3?'));
  t.deepEqual(after!.applied, ['title as a question: Ready for the move to the new office on March 3?']);
});

test('"change the title to a question" asks for a question, not the title "a question": a blog post and its front matter', async (t) => {
  const blog = { brief: 'blog post announcing our new api pricing', context: 'pricing now starts at $0.02 per call. free tier of 1,000 calls a month.' };
  const { revised: [after] } = await revisions('writer', blog, 'change the title to a question');
  t.regex(after!.content, /^# What's new in API pricing\?$/m);
  t.regex(after!.content, /^title: "What's new in API pricing\?"$/m);
  t.notRegex(after!.content, /a question/i);
});

test('"make the title a question" on a meeting summary and a PRD asks what the document holds', async (t) => {
  const meeting = { brief: 'summarize the meeting', context: 'Product sync\nAttendees: Priya, Tom\n- Priya will update the pricing page by Friday\n- We decided to delay the mobile release to April' };
  const { revised: [summary] } = await revisions('mind', meeting, 'make the title a question');
  t.regex(summary!.content, /^# What happened at Product Sync\?$/m);
  const invites = { brief: 'PRD for team invites', context: 'admins invite teammates by email\ninvites expire after 7 days' };
  const { original, revised: [prd] } = await revisions('pilot', invites, 'turn the title into a question');
  t.is(prd!.content.trim(), original.trim().replace('# Team invites: product requirements', '# What should team invites do?'));
});

test('"make the title a question" on tickets titled "Tickets" and on a post with no title changes nothing and says why', async (t) => {
  const tickets = { brief: 'write tickets: 1) export button hidden on mobile safari 2) dark mode toggle doesnt save' };
  const { original, revised: [after] } = await revisions('pilot', tickets, 'make the title a question');
  t.is(after!.content, original);
  t.deepEqual(after!.notApplied, [{ part: 'title as a question', reason: 'the title "Tickets" names no subject to ask about; give the question you want ("change the title to ...")' }]);
  const post = { brief: 'linkedin post: we are opening a new office in lisbon in march' };
  const { revised: [untitled] } = await revisions('writer', post, 'make the title a question');
  t.is(untitled!.notApplied[0]!.part, 'title as a question');
  t.regex(untitled!.notApplied[0]!.reason, /no title or subject line/);
});

test('titles of other shapes as questions: "why we", a clause, a list, a report with a code in its name', (t) => {
  t.is(asQuestion('Why we moved from Heroku to AWS'), 'Why did we move from Heroku to AWS?');
  t.is(asQuestion('Dark mode ships tomorrow'), 'Did you know dark mode ships tomorrow?');
  t.is(asQuestion('We launch dark mode on May 5'), 'Ready for the launch of dark mode on May 5?');
  t.is(asQuestion('5 tips for remote onboarding'), 'Want 5 tips for remote onboarding?');
  t.is(asQuestion('Login bug: tickets'), 'What needs fixing in the login bug?');
  t.is(asQuestion('Retrospective: Sprint 14'), 'What did we learn in Sprint 14?');
  // "Q3" keeps its capital (text/phrases.ts lowerFirst).
  t.is(asQuestion('Q3 support report'), 'What do you need to know about the Q3 support report?');
  t.is(asQuestion('Announcement'), undefined);
});
