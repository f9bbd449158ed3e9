import test from 'ava';
import type { AgentOutput } from '../../machines/agent.js';
import type { OutcomeContext } from '../../machines/outcomeTypes.js';
import { stageFinished, stageStarted } from '../../machines/outcomeStagePatches.js';

function context(overrides: Partial<OutcomeContext> = {}): OutcomeContext {
  return {
    outcomeId: 'out_1',
    workspaceId: 'ws_1',
    crew: 'writer',
    stages: [
      { name: 'outline_creation', agent: 'ContentAgent' },
      { name: 'content_creation', agent: 'ContentAgent' },
      { name: 'editing', agent: 'EditorAgent' },
    ],
    revisionStage: 2,
    secondsPerStage: 20,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:05.000Z',
    workflowId: null,
    sequence: 3,
    attempt: 0,
    stageIndex: 0,
    stagesCompleted: [],
    agents: { ContentAgent: { status: 'pending' }, EditorAgent: { status: 'pending' } },
    estimatedCompletion: null,
    completedAt: null,
    failedAt: null,
    result: null,
    qualityMetrics: null,
    error: null,
    estimatedRetryTime: null,
    revisionsAvailable: 3,
    revision: null,
    held: false,
    ...overrides,
  };
}

test("a stage's start marks its agent processing and records crew.agent_started as the next event", (t) => {
  const { changes, events } = stageStarted(context());
  t.is(changes.agents!.ContentAgent!.status, 'processing');
  t.is(changes.agents!.ContentAgent!.started_at, '2026-01-01T00:00:05.000Z');
  t.is(changes.sequence, 4);
  t.deepEqual(events.map((event) => [event.event, event.sequence, event.timestamp]), [['crew.agent_started', 4, '2026-01-01T00:00:05.000Z']]);
  t.is(events[0]!.data.stage, 'outline_creation');
  t.is(events[0]!.data.agent, 'ContentAgent');
  // The agent's second stage keeps the time it first started.
  const again = stageStarted(context({ stageIndex: 1, updatedAt: '2026-01-01T00:01:00.000Z', agents: { ContentAgent: { status: 'processing', started_at: '2026-01-01T00:00:05.000Z' }, EditorAgent: { status: 'pending' } } }));
  t.is(again.changes.agents!.ContentAgent!.started_at, '2026-01-01T00:00:05.000Z');
});

test("a stage's end records crew.agent_completed, then its integrations' events in order, and moves on", (t) => {
  const output = { ok: true as const, summary: 'Outline of five sections', at: '2026-01-01T00:00:30.000Z' };
  const integrations = {
    executed: { slack: { status: 'posted' } },
    events: [
      { kind: 'integration.slack_posted', data: { channel: '#launch' } },
      { kind: 'integration.issue_filed', data: { number: 7 } },
    ],
  };
  const { changes, events } = stageFinished(context({ integrationsExecuted: { github: { status: 'filed' } } }), output, integrations);
  t.deepEqual(
    events.map((event) => [event.event, event.sequence, event.timestamp]),
    [
      ['crew.agent_completed', 4, '2026-01-01T00:00:30.000Z'],
      ['integration.slack_posted', 5, '2026-01-01T00:00:30.000Z'],
      ['integration.issue_filed', 6, '2026-01-01T00:00:30.000Z'],
    ],
  );
  t.is(events[0]!.data.output_summary, 'Outline of five sections');
  t.is(changes.sequence, 6, 'the next event follows the last one recorded');
  t.deepEqual(changes.integrationsExecuted, { github: { status: 'filed' }, slack: { status: 'posted' } });
  t.deepEqual(changes.stagesCompleted, ['outline_creation']);
  t.is(changes.stageIndex, 1);
  t.is(changes.updatedAt, '2026-01-01T00:00:30.000Z');
  t.is(changes.estimatedCompletion, '2026-01-01T00:01:10.000Z', 'two stages left at 20 s each');
  // ContentAgent has another stage: still processing, no completion time yet.
  t.is(changes.agents!.ContentAgent!.status, 'processing');
  t.is(changes.agents!.ContentAgent!.completion_time, undefined);
});

test("an agent's last stage completes it; without integrations nothing but the completion is recorded", (t) => {
  const output = { ok: true as const, summary: 'Edited', at: '2026-01-01T00:02:00.000Z' };
  const { changes, events } = stageFinished(context({ stageIndex: 2, stagesCompleted: ['outline_creation', 'content_creation'] }), output, undefined);
  t.deepEqual(events.map((event) => event.event), ['crew.agent_completed']);
  t.is(changes.agents!.EditorAgent!.status, 'completed');
  t.is(changes.agents!.EditorAgent!.completion_time, '2026-01-01T00:02:00.000Z');
  t.false('integrationsExecuted' in changes);
  t.is(changes.estimatedCompletion, '2026-01-01T00:02:00.000Z', 'no stage left');
});

test("a failed agent output is not a stage's end", (t) => {
  const failed: AgentOutput = { ok: false, error: { code: 'content_generation_failed', message: 'no', lastError: 'no', retryCount: 3 }, at: '2026-01-01T00:00:30.000Z' };
  t.throws(() => stageFinished(context(), failed, undefined), { message: /failed agent output/ });
});
