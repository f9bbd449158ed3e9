import test from 'ava';
import { caseOfNote } from '../../../../models/local/document/testPlan.js';
import { outcome } from './helpers.js';

/** QA test plans: cases with numbered steps and an expected result each, never a PRD of the feature. */

test('"QA test plan for the checkout page" is test cases with steps and expected results, not a PRD', async (t) => {
  const result = await outcome('pilot', { brief: 'QA test plan for the checkout page' });
  t.is(result.deliverable.kind, 'technical_spec');
  t.regex(result.content, /^# QA test plan: checkout page\n/);
  t.regex(result.content, /^### 1\. Buy with a valid card\n\n1\. Add an item to the cart\n2\. Go to checkout\n3\. Enter a valid shipping address\n4\. Pay with a valid test card\n\n\*\*Expected:\*\* The order confirmation shows/m);
  t.regex(result.content, /^### 2\. Declined card$/m);
  t.notRegex(result.content, /product requirements|## Problem|Users and stories/);
  t.true(result.notes.some((note) => /usually covers/.test(note)));
});

test('cases typed as notes keep what to do and what should happen', async (t) => {
  t.deepEqual(caseOfNote('apply promo code SAVE10 -> total drops 10%'), { name: 'Apply promo code SAVE10', steps: ['Apply promo code SAVE10'], expected: 'Total drops 10%.' });
  t.is(caseOfNote('guest checkout should send a receipt email').expected, 'It sends a receipt email.');
  const result = await outcome('pilot', { brief: 'write test cases for this', context: '- apply promo code SAVE10 -> total drops 10%\n- guest checkout should send a receipt email' });
  t.regex(result.content, /^# QA test plan\n/);
  t.regex(result.content, /### 2\. Guest checkout\n\n1\. Guest checkout\n\n\*\*Expected:\*\* It sends a receipt email\./);
});
