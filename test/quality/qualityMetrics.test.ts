import test from 'ava';
import { composeOutcome } from '../../models/local/index.js';
import { referenceOutcomes } from '../../models/local/referenceOutcomes.js';
import { createWorkbench } from '../../models/local/workbench.js';
import { assessQuality, boilerplateSentences, computeQualityMetrics, createBoilerplateIndex, createNlp, createQualityMeter, salientOf } from '../../quality/index.js';

const brief = 'Write a blog post about remote work for software teams';
const onTopic = [
  '# Remote work for software teams',
  '',
  'Remote work changes how software teams plan, talk and ship. What works best?',
  '',
  '## Planning',
  '',
  'Teams write plans down. For example, a weekly note lists goals and owners.',
  '',
  '## Talking',
  '',
  '- Use async updates',
  '- Keep meetings short',
].join('\n');
const offTopic = '# Baking bread\n\nMix flour and water. Let the dough rest overnight. Bake it hot.';

function inRange(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 100;
}

test('every score is an integer from 0 to 100', (t) => {
  const metrics = computeQualityMetrics(onTopic, { brief, requirements: {} });
  t.true(inRange(metrics.overall_score));
  for (const value of Object.values(metrics.criteria)) t.true(inRange(value));
});

test('relevance measures how much of the brief the content covers', (t) => {
  const on = computeQualityMetrics(onTopic, { brief, requirements: {} }).criteria.relevance;
  const off = computeQualityMetrics(offTopic, { brief, requirements: {} }).criteria.relevance;
  t.is(on, 100);
  t.is(off, 0);
});

test('completeness checks what was required', (t) => {
  const requirements = { include_examples: true, target_keywords: ['remote work', 'hiring'], include_code_examples: true };
  // examples present, one keyword of two, no code block: (1 + 0.5 + 0) / 3
  t.is(computeQualityMetrics(onTopic, { brief, requirements }).criteria.completeness, 50);
  t.is(computeQualityMetrics(`${onTopic}\n\nHiring too.\n\n\`\`\`\ncode\n\`\`\``, { brief, requirements }).criteria.completeness, 100);
  t.is(computeQualityMetrics(onTopic, { brief, requirements: {} }).criteria.completeness, 100);
});

test('a requested length is checked against the word count', (t) => {
  const near = computeQualityMetrics(onTopic, { brief, requirements: { length: 45 } }).criteria.completeness;
  const far = computeQualityMetrics(onTopic, { brief, requirements: { length: '800 words' } }).criteria.completeness;
  t.is(near, 100);
  t.true(far < 20, `far ${far}`);
});

test('clarity favours plain sentences over dense ones', (t) => {
  const plain = computeQualityMetrics('Plan the week on Monday. Write down who does what and by when. Check progress on Friday with the whole team.', { brief, requirements: {} });
  const dense = computeQualityMetrics(
    'Comprehensive organizational prioritization methodologies notwithstanding, interdepartmental communication infrastructures necessitate continuous recalibration of institutional expectations regarding deliverable synchronization across heterogeneous geographical distributions.',
    { brief, requirements: {} },
  );
  t.true(plain.criteria.clarity > dense.criteria.clarity + 30);
});

test('questions, examples and structure make content more engaging', (t) => {
  const flat = computeQualityMetrics('Remote work is a way of working. Teams do it.', { brief, requirements: {} }).criteria.engagement;
  const engaging = computeQualityMetrics(onTopic, { brief, requirements: {} }).criteria.engagement;
  t.true(engaging > flat + 30, `${flat} -> ${engaging}`);
});

const sso = {
  brief: 'Write a PRD for adding single sign-on (SAML and OIDC) to our B2B analytics dashboard.',
  context:
    'Enterprise customers on Okta, Azure AD and Google Workspace ask for SSO; 9 deals worth $1.2M are waiting on it. Admins must be able to enforce SSO per organisation, so members cannot fall back to passwords. Each organisation keeps one break-glass account that can log in with a password if the identity provider is down.',
  requirements: { include_user_stories: true },
};

const nlp = createNlp();
const meter = createQualityMeter({ nlp, references: () => referenceOutcomes(createWorkbench(nlp)) });

test('a document that echoes the brief but ignores the context is not relevant', (t) => {
  const echo = '# Single Sign-on for our B2B analytics dashboard\n\nSingle sign-on (SAML and OIDC) for our B2B analytics dashboard matters. Adding single sign-on to the analytics dashboard deserves a closer look.';
  const salient = salientOf(nlp, sso.context).map((item) => item.text);
  const echoed = assessQuality(echo, { brief: sso.brief, requirements: {}, salient });
  t.is(echoed.signals.subjectRecall, 1);
  t.is(echoed.signals.contextRecall, 0);
  // Relevance needs both the brief's subject and the client's facts (their geometric mean).
  t.is(echoed.metrics.criteria.relevance, 0, JSON.stringify(echoed.metrics));
  const grounded = assessQuality(`${echo} Okta, Azure AD and Google Workspace tenants need it; 9 deals worth $1.2M wait on it.`, { brief: sso.brief, requirements: {}, salient });
  t.true(grounded.metrics.criteria.relevance >= 50, JSON.stringify(grounded.metrics));
  t.true(grounded.metrics.overall_score > echoed.metrics.overall_score + 20, `${grounded.metrics.overall_score} vs ${echoed.metrics.overall_score}`);
});

test('unmet requirements are listed in the metadata and counted in completeness', (t) => {
  const requirements = { include_code_examples: true, target_keywords: ['webhook signature'] };
  const content = '# Webhook signatures\n\nEvery webhook signature is an HMAC over the raw body.';
  const measured = meter.measure({ content, brief: 'Explain webhook signatures', requirements });
  t.deepEqual(measured.metadata.unmet_requirements, [{ requirement: 'include_code_examples', reason: 'the content has no code block' }]);
  t.is(measured.quality.criteria.completeness, 67, 'keywords and the brief\'s ask met, code not');
});

test('sentences the composer also writes for unrelated briefs count as boilerplate', (t) => {
  const index = createBoilerplateIndex([{ content: 'Consider sourdough first. Keep the first version of sourdough simple, then refine it with the feedback you get.', request: 'sourdough baking' }]);
  const content = 'Consider SSO first. Keep the first version of SSO simple, then refine it with the feedback you get. Okta tenants need enforcement per organisation.';
  const found = boilerplateSentences(index, content, sso.context);
  t.deepEqual(found.boilerplate, ['Consider SSO first.', 'Keep the first version of SSO simple, then refine it with the feedback you get.']);
  const without = assessQuality(content, { brief: sso.brief, requirements: {} }).metrics.overall_score;
  const penalised = assessQuality(content, { brief: sso.brief, requirements: {}, boilerplate: { index, request: sso.context } }).metrics.overall_score;
  t.true(penalised < without * 0.5, `${without} -> ${penalised}`);
});

test('a reviewing agent\'s rubric is blended half and half with the computed criteria', (t) => {
  const computed = computeQualityMetrics(onTopic, { brief, requirements: {} });
  const judged = computeQualityMetrics(onTopic, { brief, requirements: {}, judge: { relevance: 0, clarity: 0, completeness: 0, engagement: 0 } });
  for (const key of ['relevance', 'clarity', 'completeness', 'engagement'] as const) t.is(judged.criteria[key], Math.round(computed.criteria[key] / 2));
});

test('the real SSO PRD scores well above an unrelated PRD and above its own shuffled, fact-free copy', (t) => {
  const real = composeOutcome('pilot', sso, createWorkbench(nlp));
  const unrelated = composeOutcome('pilot', { brief: 'Build a feature that lets freelancers send payment reminders to their clients.', context: 'Freelancers lose about 5 hours a month chasing late invoices by hand. Clients in the EU must be able to unsubscribe from reminders.' }, createWorkbench(nlp));
  let stripped = real;
  for (const item of salientOf(nlp, sso.context)) stripped = stripped.split(item.text).join('');
  const score = (content: string) => meter.measure({ content, brief: sso.brief, requirements: sso.requirements, context: sso.context }).quality.overall_score;
  t.true(score(real) >= score(unrelated) + 30, `${score(real)} vs ${score(unrelated)}`);
  t.true(score(real) >= score(stripped) + 20, `${score(real)} vs ${score(stripped)}`);
});

test('a label that sorts a line of notes ("Risk:", "Decision:") is no salient name; the names and figures after it are', (t) => {
  const salient = salientOf(nlp, 'Lena: Risk: the tax step still fails for 3 countries.\nDecision: Amplitude runs the A/B test from Tuesday.').map((item) => item.text);
  t.false(salient.includes('Risk'));
  t.false(salient.includes('Decision'));
  t.true(salient.includes('Amplitude'));
  t.true(salient.includes('Tuesday'));
});
