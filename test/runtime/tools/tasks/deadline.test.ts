import test from 'ava';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { atDeadline, callTimeout } from '../../../../runtime/tools/tasks/callToolAsTask.js';

const timedOut = () => new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
const deadline = 10_000;

test('a request that timed out as the deadline came is the call timeout, even when its timer ran a little ahead of the clock', (t) => {
  for (const at of [deadline - 2, deadline, deadline + 40]) {
    const error = atDeadline(timedOut(), deadline, () => at, () => callTimeout('slow__search_slow', 1000, 'working', 'task_1'));
    t.regex((error as Error).message, /past the call timeout of 1000 ms \(last status: working\)/, `at ${at - deadline} ms`);
  }
});

test('a request timeout well before the deadline, and any other error, are left as they were', (t) => {
  const early = timedOut();
  t.is(atDeadline(early, deadline, () => deadline - 500, () => callTimeout('x', 1000, 'working')), early);
  const other = new Error('connection reset');
  t.is(atDeadline(other, deadline, () => deadline + 5, () => callTimeout('x', 1000, 'working')), other);
});
