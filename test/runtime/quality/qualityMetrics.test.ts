import test from 'ava';
import { createLocalProvider } from '../../../runtime/models/local/index.js';
import { computeQualityMetrics } from '../../../runtime/quality/index.js';
import { finalContent } from '../models/runCrew.js';

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

test('a local writer outcome meets its own requirements', async (t) => {
  const requirements = { tone: 'casual', length: '600 words', target_keywords: ['remote work'], include_examples: true, seo_optimized: true };
  const content = await finalContent(createLocalProvider(), 'writer', { brief, requirements });
  const metrics = computeQualityMetrics(content, { brief, requirements });
  t.is(metrics.criteria.completeness, 100);
  t.is(metrics.criteria.relevance, 100);
  t.true(metrics.overall_score >= 70, JSON.stringify(metrics));
});
