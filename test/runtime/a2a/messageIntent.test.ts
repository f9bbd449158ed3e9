import test from 'ava';
import { dataOf, decisionOf, textOf } from '../../../runtime/a2a/messageIntent.js';
import { dataPart, textPart, userMessage } from '../../http/a2a/a2aHelpers.js';

test('the text parts make the text, data parts merge into one object', (t) => {
  const message = userMessage([textPart('  Write a post '), dataPart({ requirements: { tone: 'dry' } }), textPart('about bees'), dataPart({ context: 'hives' })]);
  t.is(textOf(message), 'Write a post \n\nabout bees');
  t.deepEqual(dataOf(message), { requirements: { tone: 'dry' }, context: 'hives' });
});

test('a decision is read from the first word, the rest being the comment, or from a data part', (t) => {
  t.deepEqual(decisionOf(userMessage([textPart('Approve. Nice intro')])), { decision: 'approve', comment: 'Nice intro' });
  t.deepEqual(decisionOf(userMessage([textPart('lgtm')])), { decision: 'approve' });
  t.deepEqual(decisionOf(userMessage([textPart('reject: too long, cut the history part')])), { decision: 'reject', comment: 'too long, cut the history part' });
  t.deepEqual(decisionOf(userMessage([textPart('No')])), { decision: 'reject' });
  t.deepEqual(decisionOf(userMessage([dataPart({ decision: 'approve', content: '# Edited' })])), { decision: 'approve', content: '# Edited' });
  t.is(decisionOf(userMessage([textPart('Looks interesting, approve it maybe')])), undefined);
  t.is(decisionOf(userMessage([textPart('approvement')])), undefined);
});
