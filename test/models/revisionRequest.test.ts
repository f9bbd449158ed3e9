import test from 'ava';
import { changesRequested, readRevision } from '../../models/revisionRequest.js';

test('feedback in plain words becomes the spec labels', (t) => {
  t.deepEqual(changesRequested('Make it more casual, add a couple of examples and keep the same length'), ['tone_adjustment', 'add_examples', 'maintain_length']);
  t.deepEqual(changesRequested('Too long, please tighten it'), ['shorten']);
  t.deepEqual(changesRequested('Could you expand the second section?'), ['lengthen']);
  t.deepEqual(changesRequested('Looks good but the title is off'), ['general_feedback']);
  t.deepEqual(changesRequested('No examples please, they distract'), ['general_feedback']);
});

test('revision requirements count as much as the feedback text', (t) => {
  t.deepEqual(changesRequested('Please revise', { tone: 'friendly', examples: true, length: 'maintain' }), ['tone_adjustment', 'add_examples', 'maintain_length']);
  t.like(readRevision('Update it', { length: 500, target_keywords: ['remote work'] }), {
    labels: ['adjust_length', 'add_keywords'],
    tone: undefined,
    addExamples: false,
    length: undefined,
    targetWords: 500,
    keywords: ['remote work'],
    sections: [],
    corrections: [],
    dates: [],
  });
});

test('the direction of a tone change is read from "more" and "less"', (t) => {
  t.is(readRevision('Make it less formal').tone, 'casual');
  t.is(readRevision('This is too chatty, make it more professional').tone, 'professional');
  t.is(readRevision('Make it a bit less casual').tone, 'professional');
  t.is(readRevision('A friendlier tone would help').tone, 'friendly');
  t.is(readRevision('Add more detail').tone, undefined);
});

test('everyday feedback is read into the changes it asks for', (t) => {
  t.like(readRevision('Cut it in half.'), { labels: ['shorten'], length: 'shorter', lengthRatio: 0.5 });
  t.like(readRevision('Add a checklist at the end'), { labels: ['add_checklist'], checklist: { at: 'end' } });
  t.like(readRevision('Shorter, add a checklist'), { labels: ['shorten', 'add_checklist'], length: 'shorter' });
  t.deepEqual(readRevision('Jan de Vries is the one sending van 7, not Maria. Please fix the owner.').corrections, [{ right: 'Jan de Vries', wrong: 'Maria', about: 'sending van 7', kind: 'owner' }]);
  t.deepEqual(readRevision('The budget is $40k, not $30k.').corrections, [{ right: '$40k', wrong: '$30k', kind: 'fact' }]);
  t.deepEqual(readRevision('Add the dates to each phase: Phase 2 is August 2025, Phase 3 is Q4 2025.').dates, [
    { label: 'Phase 2', date: 'August 2025' },
    { label: 'Phase 3', date: 'Q4 2025' },
  ]);
  const board = readRevision('More formal for the board, and add a section on the risk to the Acme renewal');
  t.like(board, { tone: 'professional', audience: 'board', sections: ['the risk to the Acme renewal'] });
  t.deepEqual(board.labels, ['tone_adjustment', 'add_section']);
  t.like(readRevision('add an example of the priority lanes'), { addExamples: true, exampleTopic: 'the priority lanes' });
  t.like(readRevision('Make it warmer, it is for patients'), { tone: 'friendly', warmer: true, audience: 'patients' });
  t.like(readRevision('Trim it to 150 words'), { length: 'shorter', targetWords: 150 });
});
