import test from 'ava';
import { changesRequested, readRevision } from '../../../runtime/models/revisionRequest.js';

test('feedback in plain words becomes the spec labels', (t) => {
  t.deepEqual(changesRequested('Make it more casual, add a couple of examples and keep the same length'), ['tone_adjustment', 'add_examples', 'maintain_length']);
  t.deepEqual(changesRequested('Too long, please tighten it'), ['shorten']);
  t.deepEqual(changesRequested('Could you expand the second section?'), ['lengthen']);
  t.deepEqual(changesRequested('Looks good but the title is off'), ['general_feedback']);
  t.deepEqual(changesRequested('No examples please, they distract'), ['general_feedback']);
});

test('revision requirements count as much as the feedback text', (t) => {
  t.deepEqual(changesRequested('Please revise', { tone: 'friendly', examples: true, length: 'maintain' }), ['tone_adjustment', 'add_examples', 'maintain_length']);
  t.deepEqual(readRevision('Update it', { length: 500, target_keywords: ['remote work'] }), {
    labels: ['adjust_length', 'add_keywords'],
    tone: undefined,
    addExamples: false,
    length: undefined,
    targetWords: 500,
    keywords: ['remote work'],
  });
});

test('the direction of a tone change is read from "more" and "less"', (t) => {
  t.is(readRevision('Make it less formal').tone, 'casual');
  t.is(readRevision('This is too chatty, make it more professional').tone, 'professional');
  t.is(readRevision('Make it a bit less casual').tone, 'professional');
  t.is(readRevision('A friendlier tone would help').tone, 'friendly');
  t.is(readRevision('Add more detail').tone, undefined);
});
