import test from 'ava';
import { createLocalProvider } from '../../../runtime/models/local/index.js';
import { documentWordCount, parseDocument } from '../../../runtime/quality/markdown.js';
import { finalContent, runCrew, type Request } from './runCrew.js';

const provider = createLocalProvider();

const remoteWork: Request = {
  brief: 'Write a blog post about the benefits of remote work for software teams',
  context:
    'Our company has 50 engineers across 5 time zones. We adopted async standups last year and saw 30% fewer meetings. Documentation quality improved because decisions are written down.',
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

test('a casual tone uses contractions and a professional tone does not', async (t) => {
  const casual = await finalContent(provider, 'writer', { ...remoteWork, requirements: { tone: 'casual' } });
  const professional = await finalContent(provider, 'writer', { ...remoteWork, requirements: { tone: 'professional' } });
  t.regex(parseDocument(casual).body, contractions);
  t.notRegex(parseDocument(professional).body, contractions);
  t.notRegex(professional, /!/);
});

test('target keywords reach the title, the headings, the body and the meta description', async (t) => {
  const content = await finalContent(provider, 'writer', {
    ...remoteWork,
    requirements: { target_keywords: ['distributed teams', 'async communication'], seo_optimized: true },
  });
  const parts = parseDocument(content);
  t.regex(parts.title.toLowerCase(), /distributed teams/);
  t.true(parts.headings.some((heading) => /distributed teams/i.test(heading)));
  t.true(parts.headings.some((heading) => /async communication/i.test(heading)));
  t.regex(parts.body.toLowerCase(), /async communication/);
  t.regex(parts.metaDescription.toLowerCase(), /distributed teams/);
  t.true(parts.metaDescription.length <= 160);
});

test('a requested number of words is met within 15 percent', async (t) => {
  for (const length of [800, '1200 words', '300 words']) {
    const words = documentWordCount(await finalContent(provider, 'writer', { ...remoteWork, requirements: { length } }));
    const wanted = typeof length === 'number' ? length : Number.parseInt(length, 10);
    t.true(Math.abs(words - wanted) / wanted <= 0.15, `${length}: got ${words} words`);
  }
});

test('a long piece is much longer than a short one', async (t) => {
  const short = documentWordCount(await finalContent(provider, 'writer', { ...remoteWork, requirements: { length: 'short' } }));
  const long = documentWordCount(await finalContent(provider, 'writer', { ...remoteWork, requirements: { length: 'long' } }));
  t.true(long > short * 2.5, `short ${short}, long ${long}`);
});

test('include_examples adds an Examples section built on the brief', async (t) => {
  const without = await finalContent(provider, 'writer', remoteWork);
  const withExamples = await finalContent(provider, 'writer', { ...remoteWork, requirements: { include_examples: true } });
  t.false(parseDocument(without).headings.includes('Examples'));
  const parts = parseDocument(withExamples);
  t.true(parts.headings.includes('Examples'));
  t.regex(withExamples, /\*\*Example 1: Remote work\.\*\*/i);
});

test('include_code_examples adds a code block', async (t) => {
  const content = await finalContent(provider, 'writer', { ...remoteWork, requirements: { include_code_examples: true, format: 'documentation' } });
  t.is(parseDocument(content).codeBlocks, 1);
});

test('each format has its own shape', async (t) => {
  const social = await finalContent(provider, 'writer', { ...remoteWork, requirements: { format: 'social_media', target_keywords: ['remote work'] } });
  const socialParts = parseDocument(social);
  t.deepEqual(socialParts.headings, []);
  t.regex(social, /#RemoteWork/);
  t.true(documentWordCount(social) < 150);

  const docs = parseDocument(await finalContent(provider, 'writer', { ...remoteWork, requirements: { format: 'documentation' } }));
  t.true(docs.headings.includes('Overview'));
  t.true(docs.headings.includes('Key concepts'));
  t.true(docs.listItems >= 5);

  const newsletter = parseDocument(await finalContent(provider, 'writer', { ...remoteWork, requirements: { format: 'newsletter' } }));
  t.true(newsletter.headings.includes('In this issue'));
});

test('knowledge-base passages and context documents are used as sources', async (t) => {
  const content = await finalContent(provider, 'writer', {
    brief: 'Write a blog post about onboarding new engineers',
    knowledge: ['Pairing new engineers with a buddy for the first two weeks shortened onboarding in our last survey.'],
    contextDocuments: ['Onboarding checklist: every new engineer ships a small change to production in the first week.'],
  });
  t.true(content.includes('Pairing new engineers with a buddy for the first two weeks shortened onboarding in our last survey.'));
  t.true(content.includes('every new engineer ships a small change to production in the first week'));
});
