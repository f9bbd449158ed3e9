import { TaskState } from '@a2a-js/sdk';
import test from 'ava';
import { taskOf, taskStateOf } from '../../../runtime/a2a/outcomeTask.js';
import type { OutcomeRow } from '../../../storage/repositories/outcomes.js';

const base: OutcomeRow = {
  id: 'out_abc',
  workspace_id: 'ws',
  crew: 'writer',
  status: 'processing',
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:05.000Z',
  completed_at: null,
  revised_at: null,
  revision_id: null,
  failed_at: null,
  estimated_completion: null,
  progress: { current_stage: 'research', completion_percentage: 20 },
  agents: {},
  result: null,
  quality_metrics: null,
  integrations_executed: null,
  error: null,
  retry_available: null,
  estimated_retry_time: null,
  revisions_available: 3,
  attempt: 1,
  workflow_id: null,
};

test('outcome statuses map to task states: working, input-required, completed, failed, canceled', (t) => {
  t.is(taskStateOf(base), TaskState.TASK_STATE_WORKING);
  t.is(taskStateOf({ ...base, status: 'revision_requested' }), TaskState.TASK_STATE_WORKING);
  t.is(taskStateOf({ ...base, pending_action: { id: 'act_1', kind: 'approve_result' } }), TaskState.TASK_STATE_INPUT_REQUIRED);
  t.is(taskStateOf({ ...base, status: 'completed' }), TaskState.TASK_STATE_COMPLETED);
  t.is(taskStateOf({ ...base, status: 'failed', error: { code: 'model_error' } }), TaskState.TASK_STATE_FAILED);
  t.is(taskStateOf({ ...base, status: 'failed', error: { code: 'cancelled' } }), TaskState.TASK_STATE_CANCELED);
  // A stale pending action on a finished outcome does not make it wait.
  t.is(taskStateOf({ ...base, status: 'completed', pending_action: { id: 'act_1', kind: 'approve_result' } }), TaskState.TASK_STATE_COMPLETED);
});

test('the task carries the outcome id as task and context id, the stage in its status, and the result as its artifact once completed', (t) => {
  const working = taskOf(base);
  t.is(working.id, 'out_abc');
  t.is(working.contextId, 'out_abc');
  t.deepEqual(working.artifacts, []);
  const status = working.status!.message!.parts[0]!.content;
  t.deepEqual(status, { $case: 'text', value: 'Working: research (20%).' });

  const deliverable = { kind: 'blog_post', data: { title: 'Bees' } };
  const done = taskOf({ ...base, status: 'completed', result: { content: '# Bees', metadata: { word_count: 2, deliverable } } });
  const artifact = done.artifacts[0]!;
  t.is(artifact.artifactId, 'result');
  t.deepEqual(artifact.parts[0]!.content, { $case: 'text', value: '# Bees' });
  t.is(artifact.parts[0]!.mediaType, 'text/markdown');
  t.deepEqual(artifact.metadata, { deliverable });
  t.like(done.metadata, { outcome_id: 'out_abc', crew: 'writer', outcome_status: 'completed' });
});
