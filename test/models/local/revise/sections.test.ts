import test from 'ava';
import { revisions } from './helpers.js';

/** What a revision adds, as people ask for it. */

const move = { brief: 'email to the team: we move to the new office on march 3', context: 'The new office is at 12 King Street. Parking is free in the basement after 6pm.' };

test('"add: the kitchen opens on day one" adds the words after the colon', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'add: the kitchen opens on day one');
  t.regex(after!.content, /The kitchen opens on day one\./);
  t.deepEqual(after!.applied, ['add fact: The kitchen opens on day one.']);
  t.deepEqual(after!.notApplied, []);
});

test('"add: can we bring guests?" stays a question for the FAQ reader, not a fact', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'add: can we bring guests?');
  t.false(after!.applied.some((part) => part.startsWith('add fact')));
});

test('"add a line at the end inviting people to apply" adds the invitation', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'linkedin post announcing our new office in Lisbon', context: 'The office opens in March. We are hiring engineers there.' }, 'add a line at the end inviting people to apply');
  t.regex(after!.content, /Please apply\./);
  t.deepEqual(after!.notApplied, []);
});

test('"Tom is handling the movers, mention that" adds the statement before it', async (t) => {
  const { revised: [after] } = await revisions('writer', move, 'Tom is handling the movers, mention that');
  t.regex(after!.content, /Tom is handling the movers\./);
  t.deepEqual(after!.notApplied, []);
});

test('"mention it cost us nothing extra" is a fact to add, with its verb in the past', async (t) => {
  const { revised: [after] } = await revisions('writer', { brief: 'blog post about why we switched from jenkins to github actions', context: '- builds went from 14 min to 6 min\n- took 3 weeks for 40 repos' }, 'mention it cost us nothing extra');
  t.regex(after!.content, /It cost us nothing extra\./);
});

const meeting = { brief: 'summarize the meeting and pull out action items', context: 'Product sync, Tuesday\nAttendees: Priya, Tom, Lena\n- Priya will update the pricing page by Friday\n- Tom owns the launch email, due Monday\n- We decided to delay the mobile release to April\n- Lena asked whether we need legal review; no answer yet' };

test('"add a decision: ..." joins the Decisions, in the summary and its data; "add a risk: ..." opens a Risks section before the closing ones', async (t) => {
  const { revised: [decision, risk] } = await revisions('mind', meeting, 'add a decision: we keep the current pricing', 'add a risk: the vendor may be late');
  t.regex(decision!.content, /## Decisions\n\n- We decided to delay the mobile release to April\n- We keep the current pricing\n/);
  t.true((decision!.deliverable.data.decisions as Array<{ text: string }>).some((entry) => entry.text === 'We keep the current pricing'));
  t.regex(risk!.content, /## Risks\n\n- The vendor may be late\n\n## Topics/);
  t.deepEqual(risk!.deliverable.data.risks, ['The vendor may be late']);
});

test('a fact added to a status update never joins the quote of the client\'s line', async (t) => {
  const { revised: [after] } = await revisions('mind', { brief: 'weekly status update for my manager', context: '- shipped the new onboarding flow\n- signup conversion up from 3.1% to 3.8%\n- blocked on legal review' }, 'add that I am out friday');
  t.regex(after!.content, /I am out Friday\./);
  t.notRegex(after!.content, /^>.*I am out Friday/m);
});

test('"add that we chose June" to a thread summary is a decision, never joined to the participants\' names', async (t) => {
  const thread = { brief: 'summarize this thread', context: "Dana: can we move the offsite to May?\nLee: May works for me, but not the first week\nSam: I prefer June, budget resets then\nDana: ok let's decide by Friday" };
  const { revised: [after] } = await revisions('mind', thread, 'add that we chose June');
  t.regex(after!.content, /## Decisions\n\n- We chose June\n/);
  t.notRegex(after!.content, /Sam We chose/);
});
