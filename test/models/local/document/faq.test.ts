import test from 'ava';
import { readFaq } from '../../../../models/local/document/faq.js';
import { outcome } from './helpers.js';

/** FAQ pages from questions and answers as people paste them. */

test('"Q: ... A: ..." pairs on one line each, or all on one line, are read as questions and their answers', (t) => {
  const expected = [
    { question: 'Can I freeze my membership?', answer: ['Yes, up to 3 months a year, free of charge.'] },
    { question: 'How do I cancel?', answer: ['Give 30 days notice at the front desk.'] },
  ];
  t.deepEqual(readFaq('Q: Can I freeze my membership? A: Yes, up to 3 months a year, free of charge.\nQ: How do I cancel? A: Give 30 days notice at the front desk.').pairs, expected);
  t.deepEqual(readFaq('Q: Can I freeze my membership? A: Yes, up to 3 months a year, free of charge. Q: How do I cancel? A: Give 30 days notice at the front desk.').pairs, expected);
  t.deepEqual(readFaq('Question: can i freeze my membership\nAnswer: yes, up to 3 months a year, free of charge\nQuestion: How do I cancel?\nAnswer: Give 30 days notice at the front desk.').pairs, expected);
});

test('question lines with the answer below or after them; list lines stay a list; text before the first question is the introduction', (t) => {
  const faq = readFaq('Answers to what new members ask.\n\n**Do you deliver on weekends?**\nyes, saturday only\n\n- Can I change my order after paying?\n  - only within 1 hour\n  - email orders@bakery.example\n\nwhats the lead time? 48 hours for custom cakes\nhow much is delivery - free over 50 euro');
  t.deepEqual(faq.intro, ['Answers to what new members ask.']);
  t.deepEqual(faq.pairs, [
    { question: 'Do you deliver on weekends?', answer: ['Yes, saturday only.'] },
    { question: 'Can I change my order after paying?', answer: ['- Only within 1 hour.\n- Email orders@bakery.example.'] },
    { question: "What's the lead time?", answer: ['48 hours for custom cakes.'] },
    { question: 'How much is delivery?', answer: ['Free over 50 euro.'] },
  ]);
});

test('a line that only mentions a question is no question; "Topic: answer" lines are pairs only when asked for and no question is asked', (t) => {
  t.deepEqual(readFaq('We answer every question within a day.\nParking: free behind the building').pairs, []);
  t.deepEqual(readFaq('Parking: free behind the building\nOpening hours: 6am to 10pm', true).pairs, [
    { question: 'Parking', answer: ['Free behind the building.'] },
    { question: 'Opening hours', answer: ['6am to 10pm.'] },
  ]);
});

test('an FAQ page from pasted Q&A: each question a heading with its answer as written, no chatter, nothing invented', async (t) => {
  const context = 'people keep asking the same stuff so here goes\n\nQ: Can I freeze my membership? A: Yes, up to 3 months a year, free of charge.\nQ: What are the opening hours? A: 6am to 10pm weekdays, 8am to 8pm weekends.\nQ: Is there parking?';
  const result = await outcome('writer', { brief: 'FAQ page for our gym membership', context });
  if (result.deliverable.kind !== 'documentation_page') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Gym membership: frequently asked questions');
  t.deepEqual(result.deliverable.data.sections.map((section) => section.heading), ['Can I freeze my membership?', 'What are the opening hours?', 'Is there parking?']);
  t.regex(result.content, /^## Can I freeze my membership\?\n\nYes, up to 3 months a year, free of charge\.$/m);
  t.regex(result.content, /^## What are the opening hours\?\n\n6am to 10pm weekdays, 8am to 8pm weekends\.$/m);
  // A question the notes leave open says so; no answer is made up.
  t.regex(result.content, /^## Is there parking\?\n\n_The notes give no answer to this question yet\._$/m);
  t.notRegex(result.content, /here goes|^Q:|^A:|## Overview/im);
});

test('an FAQ asked without material is an outline of questions, answers and where to get help, titled as an FAQ', async (t) => {
  const result = await outcome('writer', { brief: 'Write an FAQ for our coworking space' });
  t.is(result.draftKind, 'outline');
  t.regex(result.content, /^# Coworking space: frequently asked questions\n/);
  t.regex(result.content, /^## Questions$/m);
  t.regex(result.content, /^## Answers$/m);
  t.notRegex(result.content, /Before you start|Troubleshooting|command/i);
});

test('"turn these notes into an FAQ for the website": the page is titled by what it is, not by where it goes', async (t) => {
  const result = await outcome('writer', { brief: 'can you turn these notes into an FAQ for the website', context: 'Do you deliver on weekends?\nYes, Saturday only, 9-14.' });
  t.regex(result.content, /^# Frequently asked questions\n/);
  t.regex(result.content, /^## Do you deliver on weekends\?\n\nYes, Saturday only, 9-14\.$/m);
});

test('"write an faq for our app: how do I reset my password, can I export data, is there a free plan": each is a question still to answer, none a stray line', async (t) => {
  const result = await outcome('writer', { brief: 'write an faq for our app: how do I reset my password, can I export data, is there a free plan' });
  for (const question of ['How do I reset my password?', 'Can I export data?', 'Is there a free plan?']) t.regex(result.content, new RegExp(`^## ${question.replace('?', '\\?')}\\n\\n_The notes give no answer to this question yet\\._$`, 'm'));
  t.notRegex(result.content, /password\.|## Notes/);
});

test('an FAQ of notes that state the policy and ask nothing: each fact answers the question a reader would ask of it, and no note is pasted raw', async (t) => {
  const result = await outcome('writer', { brief: 'faq for our refund policy', context: '30 days for a full refund\nitems must be unused\nafter 30 days store credit only\nshipping not refunded' });
  if (result.deliverable.kind !== 'documentation_page') return t.fail(result.deliverable.kind);
  t.is(result.deliverable.data.title, 'Refund policy: frequently asked questions');
  t.deepEqual(result.deliverable.data.sections.map((section) => [section.heading, section.body]), [
    ['How long do I have for a full refund?', ['You have 30 days for a full refund.']],
    ['What happens after 30 days?', ['After 30 days, store credit only.']],
    ['Is shipping refunded?', ['No, shipping is not refunded.']],
    ['Are there any conditions?', ['Items must be unused.']],
  ]);
  t.notRegex(result.content, /^(?:items|after|shipping) /m);
});

test('an FAQ\'s facts of no known shape are kept under "What else should I know?"', async (t) => {
  const result = await outcome('writer', { brief: 'FAQ for our shipping', context: '- returns are free\n- sale items aren\'t returnable\n- we ship to the EU and UK' });
  if (result.deliverable.kind !== 'documentation_page') return t.fail(result.deliverable.kind);
  t.deepEqual(result.deliverable.data.sections.map((section) => section.heading), ['Are returns free?', 'Are sale items returnable?', 'What else should I know?']);
  t.regex(result.content, /We ship to the EU and UK\./);
});
