import test from 'ava';
import { computeMetadata } from '../../quality/index.js';

test('word count covers title, headings and prose, not front matter or code', (t) => {
  const content = ['---', 'title: "Ignored words here"', 'description: "Also ignored"', '---', '', '# Five word title right here', '', '## Two words', '', 'One two three, four five six.', '', '```js', 'const notCounted = true;', '```', '', '- list item counts'].join('\n');
  t.is(computeMetadata(content).word_count, 5 + 2 + 6 + 3);
});

test('reading time is at least a minute and grows at 200 words a minute', (t) => {
  t.is(computeMetadata('Just a few words.').reading_time, '1 min read');
  t.is(computeMetadata('word '.repeat(450)).reading_time, '3 min read');
});

test('simple prose reads easier than dense prose', (t) => {
  const simple = 'The cat sat on the mat. It was warm. The sun was out. We all had fun.';
  const dense =
    'Organizational transformation initiatives necessitate comprehensive stakeholder engagement methodologies, notwithstanding considerable implementation complexities inherent in multidimensional institutional infrastructures.';
  const easy = computeMetadata(simple).readability_score;
  const hard = computeMetadata(dense).readability_score;
  t.true(easy > 80, `simple ${easy}`);
  t.true(hard < 20, `dense ${hard}`);
  for (const score of [easy, hard]) t.true(Number.isInteger(score) && score >= 0 && score <= 100);
});

test('sentiment follows the words used', (t) => {
  t.is(computeMetadata('We love this wonderful product. The team is happy and the results are excellent.').sentiment, 'positive');
  t.is(computeMetadata('The launch was a terrible failure. Customers are angry and the bugs are awful.').sentiment, 'negative');
  t.is(computeMetadata('The meeting is on Tuesday in room four. The agenda has three items.').sentiment, 'neutral');
});

function article(options: { title: string; heading: string; body: string; description?: string }): string {
  const front = options.description ? `---\ndescription: "${options.description}"\n---\n\n` : '';
  const filler = 'Teams plan their week, write down decisions and review them on Friday. '.repeat(30);
  return `${front}# ${options.title}\n\n${options.body} ${filler}\n\n## ${options.heading}\n\n${filler}`;
}

test('the seo score rises with keyword coverage', (t) => {
  const requirements = { target_keywords: ['remote work', 'async communication'] };
  const none = computeMetadata(article({ title: 'Planning the week', heading: 'Decisions', body: 'A note on planning.' }), requirements).seo_score;
  const body = computeMetadata(article({ title: 'Planning the week', heading: 'Decisions', body: 'Remote work needs async communication.' }), requirements).seo_score;
  const headings = computeMetadata(article({ title: 'Remote work: planning the week', heading: 'Async communication', body: 'Remote work needs async communication.' }), requirements).seo_score;
  const meta = computeMetadata(
    article({
      title: 'Remote work: planning the week',
      heading: 'Async communication',
      body: 'Remote work needs async communication.',
      description: 'How remote work teams plan their week with async communication and written decisions.',
    }),
    requirements,
  ).seo_score;
  t.true(none < body, `${none} < ${body}`);
  t.true(body < headings, `${body} < ${headings}`);
  t.true(headings < meta, `${headings} < ${meta}`);
  t.true(meta <= 100);
});
