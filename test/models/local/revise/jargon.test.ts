import test from 'ava';
import { revisions } from './helpers.js';

/** "less jargon", "plainer language", "too technical": before `general_feedback` and nothing changed ("less technical" even asked for a technical tone); now known jargon words are replaced by plain ones, each named in the report. */

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'We need to leverage the extra space and circle back on seating. Nobody has the bandwidth to touch base with the movers.' };

test('"less jargon" on an email: leverage, circle back, bandwidth and touch base become plain words; nothing else changes', async (t) => {
  const { original, revised: [after] } = await revisions('writer', move, 'less jargon');
  t.regex(original, /We need to leverage the extra space and circle back on seating\./);
  t.is(
    after!.content.trim(),
    original
      .trim()
      .replace('We need to leverage the extra space and circle back on seating.', 'We need to make the most of the extra space and follow up on seating.')
      .replace('Nobody has the bandwidth to touch base with the movers.', 'Nobody has the time to check in with the movers.'),
  );
  t.deepEqual(after!.applied, ['plainer words: leverage -> make the most of, circle back -> follow up, bandwidth -> time, touch base -> check in']);
});

test('"plainer language" on a blog post changes its front matter description too ("utilize" -> "use")', async (t) => {
  const blog = { brief: 'blog post announcing our new api pricing', context: 'pricing now starts at $0.02 per call. we utilize a new billing engine to leverage usage data.' };
  const { revised: [after] } = await revisions('writer', blog, 'plainer language');
  t.notRegex(after!.content, /utiliz|leverag/i);
  t.regex(after!.content, /^description: ".*We use a new billing engine to make the most of usage data\..*"$/m);
});

test('"too technical" on a PRD spells out SSO and says "delay" for latency; "less technical" is no request for a technical tone', async (t) => {
  const sso = { brief: 'PRD for SSO login', context: 'admins turn on SSO for their workspace\nlogin latency stays under 2 seconds' };
  for (const feedback of ['too technical', 'less technical']) {
    const { revised: [after] } = await revisions('pilot', sso, feedback);
    t.notRegex(after!.content, /\bSSO\b|latency/i, feedback);
    t.regex(after!.content, /Admins turn on single sign-on for their workspace\./, feedback);
    t.regex(after!.content, /Login delay stays under 2 seconds\./, feedback);
    t.false(after!.applied.includes('tone_adjustment'), feedback);
  }
});

test('"less jargon" on a meeting summary with none: unchanged, "action items" kept, and the report says it knows no jargon in it', async (t) => {
  const meeting = { brief: 'summarize the meeting and pull out action items', context: 'Product sync\n- Priya will update the pricing page by Friday\n- We decided to delay the mobile release to April' };
  const { original, revised: [after] } = await revisions('mind', meeting, 'less jargon');
  t.is(after!.content, original);
  t.deepEqual(after!.notApplied, [{ part: 'plainer words', reason: 'the document has no jargon the local model knows (such as leverage, utilize, synergy, bandwidth, circle back, touch base, deep dive); say which words to change' }]);
});
