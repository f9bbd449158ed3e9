import test from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { waitForOutcome } from './outcomesHelpers.js';

/**
 * What a newcomer gets from the default `local` model for a bare brief (no context), over HTTP: a
 * usable first draft whose sections come from the brief's subject, audience and terms, in the
 * requested tone, with no fact, number or date the brief did not give, scoring below the same
 * brief drafted from real material.
 */

let server: TestServer;

test.before(async () => {
  server = await startServer({}, { modelProvider: createLocalProvider() });
});
test.after.always(async () => {
  await server?.close();
});

async function deployed(crew: string, body: Record<string, unknown>) {
  const response = await server.call('POST', `/v1/crews/${crew}/deploy`, { body });
  if (response.status !== 202 && response.status !== 201 && response.status !== 200) throw new Error(`deploy answered ${response.status}: ${JSON.stringify(response.body)}`);
  return waitForOutcome(server, response.body.outcome_id);
}

async function scoreOf(id: string): Promise<number> {
  return (await server.call('GET', `/v1/outcomes/${id}/result`)).body.quality_metrics.overall_score as number;
}

/** `## ` sections: heading and body text up to the next heading. */
function sections(markdown: string): Array<{ heading: string; body: string }> {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((part) => {
      const [heading = '', ...body] = part.split('\n');
      return { heading, body: body.join('\n').split(/^#{1,2} /m)[0]!.trim() };
    });
}

/** Prose sentences and list items of the body (front matter and headings left out). */
function sentencesOf(markdown: string): string[] {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  return body
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#') && !line.startsWith('|'))
    .flatMap((line) => line.replace(/^- /, '').split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const readmeCall = { brief: 'Write a blog post about remote onboarding for engineering teams', requirements: { tone: 'friendly', length: 'short' } };

test("the README's first call gives a titled, friendly first draft with sections about the brief's subject and no invented figures", async (t) => {
  const outcome = await deployed('writer', readmeCall);
  t.is(outcome.status, 'completed');
  const content: string = outcome.result.content;
  // Issue 26: the subject as a person writes it, and an honest outline of the blog post saying what to add.
  t.regex(content, /^# Remote onboarding for engineering teams\n/, content);
  t.is(outcome.result.metadata.draft_kind, 'outline');
  t.is(outcome.result.metadata.deliverable.kind, 'blog_post');
  const parts = sections(content);
  t.true(parts.length >= 3, content);
  for (const part of parts) t.regex(part.body, /^- \S.{10,}/m, `${part.heading}:\n${part.body}`);
  t.regex(content, /remote onboarding/);
  // Friendly: second person and contractions; the tone requirement is met.
  t.regex(content, /\byou\b/i);
  t.regex(content, /\b(?:you|it|we|they)['’](?:ll|re|s|ve)\b/i);
  t.false(outcome.result.metadata.unmet_requirements.some((unmet: { requirement: string }) => unmet.requirement === 'tone'), JSON.stringify(outcome.result.metadata.unmet_requirements));
  // No digit the brief did not give (it gives none): no invented figure, date or step count.
  t.notRegex(content, /\d/, content);
  // Short means short, and nothing is padded: no sentence repeats.
  const sentences = sentencesOf(content);
  t.is(new Set(sentences.map((sentence) => sentence.toLowerCase())).size, sentences.length, content);
  t.true(content.split(/\s+/).length <= 400, `${content.split(/\s+/).length} words`);
  // What is missing is said beside the body.
  t.true(outcome.result.metadata.notes.some((note: string) => /without context/.test(note)));
  t.notRegex(content, /without context|no facts/i);
});

test('without a requested tone the bare draft stays in the professional register: no contractions, no "you"', async (t) => {
  const outcome = await deployed('writer', { brief: 'Write a blog post about remote onboarding for engineering teams' });
  const content: string = outcome.result.content;
  t.true(sections(content).length >= 3, content);
  t.notRegex(content, /\b\w+['’](?:ll|re|ve|t)\b/, content);
  t.notRegex(content, /\byou\b/i, content);
});

test('the bare draft of the README call scores below the same brief drafted from a context', async (t) => {
  const bare = await deployed('writer', readmeCall);
  const grounded = await deployed('writer', {
    ...readmeCall,
    context:
      'New engineers at Tideway get a laptop shipped five days before their start date. Each new hire pairs with an onboarding buddy for the first two weeks. The first pull request is a small documentation fix, merged by the end of day two. Engineers who had a buddy rated their onboarding 4.6 out of 5, against 3.1 without one.',
  });
  const [placeholder, real] = [await scoreOf(bare.id), await scoreOf(grounded.id)];
  t.true(placeholder < 50, `bare draft ${placeholder}`);
  t.true(real >= placeholder + 10, `grounded ${real} vs bare ${placeholder}`);
});

test('a bare meeting brief gives an outline of the meeting summary it names, with no decision, owner or date invented', async (t) => {
  const outcome = await deployed('mind', { brief: 'Summarise our weekly ops sync' });
  const content: string = outcome.result.content;
  // Issue 26: an honest outline of the recognised deliverable, marked as such, saying what to add.
  t.is(outcome.result.metadata.draft_kind, 'outline');
  t.is(outcome.result.metadata.deliverable.kind, 'meeting_summary');
  t.regex(content, /^# Weekly ops sync: summary\n/, content);
  const parts = sections(content);
  t.true(parts.length >= 3, content);
  for (const part of parts) t.regex(part.body, /^- \S.{10,}/m, `${part.heading}:\n${part.body}`);
  t.regex(parts[0]!.body, /weekly ops sync|notes|transcript/);
  t.notRegex(content, /\d/, content);
  // Nothing was recorded: no owner, decision or item is claimed, and the data holds none.
  t.notRegex(content, /^- (?:\[ \] )?\*\*[A-Z]/m);
  t.deepEqual(outcome.result.metadata.deliverable.data.action_items, []);
  t.deepEqual(outcome.result.metadata.deliverable.data.decisions, []);
  t.true(outcome.result.metadata.notes.some((note: string) => /without context/.test(note)));
});

test('a bare PRD brief gives a PRD frame about its feature and the story of its product users, without a "so that" it was not given', async (t) => {
  const outcome = await deployed('pilot', { brief: 'PRD for offline mode in our field inspection app', requirements: { include_user_stories: true } });
  const content: string = outcome.result.content;
  // Issue 26: the subject in the grammar a person writes, never Title Case of every word; an outline of the PRD.
  t.regex(content, /^# Offline mode in our field inspection app: product requirements\n/, content);
  t.is(outcome.result.metadata.draft_kind, 'outline');
  const parts = sections(content);
  for (const heading of ['Problem', 'Users and stories', 'Requirements and measures']) {
    const part = parts.find((candidate) => candidate.heading === heading);
    t.truthy(part, `${heading} missing:\n${content}`);
    t.regex(part!.body, /^- \S.{10,}/m);
  }
  t.regex(content, /As a user of the field inspection app, I want offline mode\./);
  t.notRegex(content, /so that/);
  t.true(outcome.result.metadata.notes.some((note: string) => /No reason was given/.test(note)));
  // No invented endpoint, estimate or schedule; the technical-specs heading is not faked.
  t.notRegex(content, /\| (?:GET|POST|PATCH|DELETE) \||Weeks? \d|\bpoints?\b|^## Technical/im);
});
