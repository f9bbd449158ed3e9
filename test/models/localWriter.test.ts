import test from 'ava';
import { createLocalProvider } from '../../models/local/index.js';
import { documentWordCount, parseDocument } from '../../quality/markdown.js';
import { computeMetadata } from '../../quality/metadata.js';
import { finalContent, runCrew, type Request } from './runCrew.js';

const provider = createLocalProvider();

const remoteWork: Request = {
  brief: 'Write a blog post about the benefits of remote work for software teams',
  context:
    'Our company has 50 engineers across 5 time zones. We adopted async standups last year and saw 30% fewer meetings. Documentation quality improved because decisions are written down.',
};

const codeReviews: Request = {
  brief: 'Write a blog post about async code reviews across time zones for engineering managers.',
  context:
    'Our platform team is split between Berlin and San Francisco, with a nine-hour gap. The median pull request waits 26 hours for its first review on GitHub. Reviews are requested in Slack, and pings after 18:00 Berlin time go unanswered until the next morning. We tried a rotating review buddy in March and the median wait fell to 11 hours.',
};

const webhookDocs: Request = {
  brief: 'Create documentation explaining how to verify webhook signatures (HMAC-SHA256 over the raw body) for our API customers.',
  context:
    'Every delivery carries an X-Signature header with a timestamp and a hex digest. The digest is HMAC-SHA256 over the timestamp and the raw body, keyed with the endpoint secret. Reject deliveries whose timestamp is more than 300 seconds old to stop replays. Compare digests in constant time.',
};

const contractions = /\b\w+'(?:s|t|re|ll|ve|d|m)\b/i;

test('the six writer stages each report what they did and the last one holds the final piece', async (t) => {
  const outputs = await runCrew(provider, 'writer', remoteWork);
  t.is(outputs.length, 6);
  for (const output of outputs) t.regex(output.summary, /\w{3,}/);
  t.regex(outputs[0]!.content, /^# Research: /);
  t.true(outputs[0]!.content.includes('We adopted async standups last year and saw 30% fewer meetings.'));
  const title = (outputs[1]!.data as { title: string }).title;
  t.is(parseDocument(outputs[5]!.content).title, title);
});

test('the draft is about the brief and quotes the context verbatim', async (t) => {
  const content = await finalContent(provider, 'writer', remoteWork);
  t.regex(content.toLowerCase(), /remote work/);
  t.regex(content.toLowerCase(), /software teams/);
  t.true(content.includes('Our company has 50 engineers across 5 time zones.'));
});

test('a professional tone has no contractions and a casual tone contracts what it can', async (t) => {
  const request = { ...remoteWork, context: `${remoteWork.context} We are hiring in two more time zones and it is going well.` };
  const casual = await finalContent(provider, 'writer', { ...request, requirements: { tone: 'casual' } });
  const professional = await finalContent(provider, 'writer', { ...request, requirements: { tone: 'professional' } });
  t.regex(parseDocument(casual).body, contractions);
  t.notRegex(parseDocument(professional).body, contractions);
  t.notRegex(professional, /!/);
});

test('target keywords reach the title, the body and the meta description', async (t) => {
  const content = await finalContent(provider, 'writer', { ...remoteWork, requirements: { target_keywords: ['distributed teams', 'async communication'], seo_optimized: true } });
  const parts = parseDocument(content);
  t.regex(parts.title.toLowerCase(), /distributed teams/);
  t.regex(`${parts.headings.join(' ')} ${parts.body}`.toLowerCase(), /async communication/);
  t.regex(parts.metaDescription.toLowerCase(), /distributed teams/);
  t.true(parts.metaDescription.length <= 160);
});

test('the code-review post uses the 26-hour wait and the two cities', async (t) => {
  const content = await finalContent(provider, 'writer', codeReviews);
  for (const fact of ['26 hours', 'Berlin', 'San Francisco', 'GitHub', 'Slack']) t.true(content.includes(fact), fact);
  t.notRegex(content, /effective asynchronous code|weekly check-in|A first move could be/i);
});

test('a length the sources cannot fill is reported unmet instead of padded', async (t) => {
  const content = await finalContent(provider, 'writer', { ...codeReviews, requirements: { length: '1200 words' } });
  t.true(documentWordCount(content) < 400);
  const unmet = computeMetadata(content, { length: '1200 words' }, codeReviews.brief).unmet_requirements;
  t.true(unmet.some((entry) => entry.requirement === 'length'));
});

test('the docs brief with code examples either has code blocks or reports the unmet requirement', async (t) => {
  const requirements = { format: 'documentation', tone: 'technical', include_code_examples: true };
  const without = await finalContent(provider, 'writer', { ...webhookDocs, requirements });
  t.is(parseDocument(without).codeBlocks, 0, 'no code is invented');
  t.deepEqual(
    computeMetadata(without, requirements, webhookDocs.brief).unmet_requirements.map((entry) => entry.requirement),
    ['include_code_examples'],
  );
  const snippet = "const digest = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');";
  const withCode = await finalContent(provider, 'writer', { ...webhookDocs, requirements, contextDocuments: [`Our reference check:\n\n\`\`\`js\n${snippet}\n\`\`\``] });
  t.true(parseDocument(withCode).codeBlocks >= 1);
  t.true(withCode.includes(snippet));
  t.false(computeMetadata(withCode, requirements, webhookDocs.brief).unmet_requirements.some((entry) => entry.requirement === 'include_code_examples'));
});

test('titles are whole phrases, never cut mid-phrase', async (t) => {
  const title = parseDocument(await finalContent(provider, 'writer', webhookDocs)).title;
  t.notRegex(title, /\b(?:over|of|for|to|and|the|a)$/i);
  t.is((title.match(/\(/g) ?? []).length, (title.match(/\)/g) ?? []).length);
  t.notRegex(await finalContent(provider, 'writer', { ...webhookDocs, requirements: { format: 'documentation', include_code_examples: true } }), /\*\*Js\*\*/);
});

test('hashtags come from the subject, not from requirement values', async (t) => {
  const post = await finalContent(provider, 'writer', {
    brief: 'Draft a LinkedIn post announcing that Northwind Labs is moving to a four-day week.',
    context: 'Northwind Labs piloted a four-day week for six months with 42 people. Sick days fell by a third.',
    requirements: { format: 'social_media', length: 'short', tone: 'friendly' },
  });
  const tags = post.match(/#\w+/g) ?? [];
  t.true(tags.length > 0);
  t.false(tags.some((tag) => /^#(?:short|friendly|social)/i.test(tag)), tags.join(' '));
  t.true(tags.some((tag) => /week/i.test(tag)), tags.join(' '));
});

test('include_examples lists the client\'s own cases, or reports the requirement unmet', async (t) => {
  const withCase = await finalContent(provider, 'writer', { ...codeReviews, requirements: { include_examples: true } });
  t.true(parseDocument(withCase).headings.includes('Examples'));
  t.true(withCase.includes('For example: We tried a rotating review buddy in March'));
  const requirements = { include_examples: true };
  const none = await finalContent(provider, 'writer', { brief: 'Write a blog post about quiet offices', context: 'Our office is quiet after noon.', requirements });
  t.false(parseDocument(none).headings.includes('Examples'));
  t.true(computeMetadata(none, requirements).unmet_requirements.some((entry) => entry.requirement === 'include_examples'));
});

test('each format has its own shape', async (t) => {
  const social = await finalContent(provider, 'writer', { ...remoteWork, requirements: { format: 'social_media', target_keywords: ['remote work'] } });
  t.deepEqual(parseDocument(social).headings, []);
  t.regex(social, /#RemoteWork/);
  t.true(documentWordCount(social) < 150);
  const docs = parseDocument(await finalContent(provider, 'writer', { ...webhookDocs, requirements: { format: 'documentation' } }));
  t.true(docs.headings.includes('Steps'));
  const newsletter = parseDocument(await finalContent(provider, 'writer', { ...codeReviews, requirements: { format: 'newsletter' } }));
  // A newsletter is its own deliverable (issue 26): a title from the subject, an intro with a fact, sections.
  t.true(newsletter.headings.length >= 2, newsletter.headings.join(', '));
  t.regex(newsletter.title, /^Async code reviews/);
});

test('knowledge-base passages and context documents are used as sources', async (t) => {
  const content = await finalContent(provider, 'writer', {
    brief: 'Write a blog post about onboarding new engineers',
    knowledge: [{ text: 'Pairing new engineers with a buddy for the first two weeks shortened onboarding in our last survey.', source: '#eng', date: '2026-03-02' }],
    contextDocuments: ['Onboarding checklist: every new engineer ships a small change to production in the first week.'],
  });
  t.true(content.includes('Pairing new engineers with a buddy for the first two weeks shortened onboarding in our last survey (#eng, 2026-03-02).'));
  t.true(content.includes('every new engineer ships a small change to production in the first week'));
});
