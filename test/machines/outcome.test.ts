import test, { type ExecutionContext } from 'ava';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { agentMachine, type AgentStepInput, type AgentStepResult, type AgentToolExchange, type AgentToolsInput } from '../../machines/agent.js';
import { outcomeMachine, type FinalizeInput, type FinalizeOutput, type OutcomeEmitted, type OutcomeInput } from '../../machines/outcome.js';
import { manualClock } from '../../runtime/clock.js';

const stages = [
  { name: 'research', agent: 'ResearchAgent' },
  { name: 'outline_creation', agent: 'ContentAgent' },
  { name: 'content_creation', agent: 'ContentAgent' },
  { name: 'editing', agent: 'EditorAgent' },
];

function input(overrides: Partial<OutcomeInput> = {}): OutcomeInput {
  return {
    outcomeId: 'out_1',
    workspaceId: 'ws_1',
    crew: 'writer',
    stages,
    agents: ['ResearchAgent', 'ContentAgent', 'EditorAgent'],
    revisionStage: 3,
    secondsPerStage: 20,
    createdAt: '2026-01-01T00:00:00.000Z',
    sequence: 2,
    revisionsAvailable: 3,
    workflowId: null,
    held: false,
    ...overrides,
  };
}

/** Stubbed side effects: a simulated clock, a scripted model, and a record of every slot call. */
function harness(script: (step: AgentStepInput) => AgentStepResult | Promise<AgentStepResult> = () => ({ kind: 'final', summary: 'ok', at: '' })) {
  const clock = manualClock('2026-01-01T00:00:00.000Z');
  const calls = { steps: [] as AgentStepInput[], slots: [] as string[], refunds: 0, revisions: [] as unknown[], aborted: 0 };
  const at = () => {
    clock.advance(1000);
    return clock.now().toISOString();
  };
  // The outcome runs a stage's first step itself and its agent the later ones: one scripted model for both.
  const modelStep = fromPromise<AgentStepResult, AgentStepInput>(async ({ input, signal }) => {
    calls.steps.push(input);
    signal.addEventListener('abort', () => (calls.aborted += 1));
    const result = await script(input);
    return result.kind === 'tool_calls' ? result : { ...result, at: at() };
  });
  const agent = agentMachine.provide({
    actors: {
      modelStep,
      callTools: fromPromise<AgentToolExchange[], AgentToolsInput>(async ({ input }) =>
        input.calls.map((call) => ({ call, result: { content: `ran ${call.name}`, isError: false }, turn: input.turn })),
      ),
    },
  });
  const machine = outcomeMachine.provide({
    actors: {
      modelStep,
      agent,
      finalize: fromPromise<FinalizeOutput, FinalizeInput>(async ({ input }) => ({
        result: { content: `final ${input.stepKey}`, metadata: { word_count: 2, reading_time: '1 min read', seo_score: 50 }, assets: [] },
        qualityMetrics: { overall_score: 80, criteria: { relevance: 80, clarity: 80, completeness: 80, engagement: 80 } },
        at: at(),
      })),
    },
    actions: {
      requestSlot: () => void calls.slots.push('request'),
      releaseSlot: () => void calls.slots.push('release'),
      refundCredit: () => void (calls.refunds += 1),
      revisionSettled: (_, params) => void calls.revisions.push(params),
    },
  });
  return { clock, calls, machine, at };
}

function collect(actor: { on: (type: '*', fn: (e: OutcomeEmitted) => void) => unknown }) {
  const events: OutcomeEmitted[] = [];
  actor.on('*', (e) => events.push(e));
  return events;
}

test('an outcome runs its stages in order and completes with events in sequence', async (t) => {
  const { machine, calls, clock } = harness();
  const actor = createActor(machine, { input: input() });
  const events = collect(actor);
  actor.start();
  t.is(actor.getSnapshot().value, 'queued');
  t.deepEqual(calls.slots, ['request']);
  actor.send({ type: 'START', at: clock.now().toISOString() });
  await waitFor(actor, (s) => s.matches('completed'));
  const kinds = events.map((e) => e.event);
  t.deepEqual(kinds, [
    'outcome.processing',
    'crew.agent_started', 'crew.agent_completed',
    'crew.agent_started', 'crew.agent_completed',
    'crew.agent_started', 'crew.agent_completed',
    'crew.agent_started', 'crew.agent_completed',
    'outcome.completed',
  ]);
  t.deepEqual(events.map((e) => e.sequence), [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  t.deepEqual(calls.steps.map((s) => s.stepKey), ['0', '1', '2', '3']);
  t.deepEqual(calls.slots, ['request', 'release']);
  const context = actor.getSnapshot().context;
  t.deepEqual(context.stagesCompleted, stages.map((s) => s.name));
  t.is(context.agents.ContentAgent!.status, 'completed');
  t.truthy(context.agents.ContentAgent!.completion_time);
  t.is(context.agents.ContentAgent!.progress, '100%');
  t.is(context.result!.content, 'final 3');
  const completed = events.at(-1)!.data;
  t.is(completed.status, 'completed');
  t.is(completed.processing_time_seconds, 5, "four steps and the finalize, one simulated second each");
  const started = events[1]!.data as { agent: string; stage: string; progress: { current_stage: string; next_stage: string } };
  t.is(started.agent, 'ResearchAgent');
  t.is(started.progress.current_stage, 'research');
  t.is(started.progress.next_stage, 'outline_creation');
});

test('a persisted snapshot survives a JSON round trip mid-stage and finishes without repeating events', async (t) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { machine, calls, clock } = harness(async (step) => {
    if (step.stepKey === '1' && calls.steps.length === 2) await gate; // first run of stage 1 hangs
    return { kind: 'final', summary: `did ${step.stepKey}`, at: '' };
  });
  const first = createActor(machine, { input: input() });
  const before = collect(first);
  first.start();
  first.send({ type: 'START', at: clock.now().toISOString() });
  await waitFor(first, (s) => s.context.stagesCompleted.length === 1);
  const { all } = await restoreAndFinish(t, machine, first, before, release);
  t.is(all.filter((e) => e.event === 'crew.agent_started').length, 4);
  t.is(all.filter((e) => e.event === 'outcome.completed').length, 1);
  t.is(calls.steps.filter((s) => s.stepKey === '1').length, 2, 'the restored step ran its promise again');
});

test('a first step that asks for tools hands its calls to the agent, which loops and survives a restore', async (t) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let hung = false;
  let reached!: () => void;
  const hanging = new Promise<void>((resolve) => (reached = resolve));
  const { machine, calls, clock } = harness(async (step) => {
    if (step.stepKey === '1' && step.turn === 0) return { kind: 'tool_calls', calls: [{ id: 'c1', name: 'search', arguments: { q: 'x' } }] };
    if (step.stepKey === '1' && !hung) {
      hung = true;
      reached();
      await gate; // the agent's step after the tool call hangs in the first actor
    }
    return { kind: 'final', summary: `did ${step.stepKey} after ${step.exchanges.map((e) => e.result.content).join(',')}`, at: '' };
  });
  const first = createActor(machine, { input: input() });
  const before = collect(first);
  first.start();
  first.send({ type: 'START', at: clock.now().toISOString() });
  await hanging;
  t.true(first.getSnapshot().matches({ processing: 'stage' }));
  const { all, second } = await restoreAndFinish(t, machine, first, before, release);
  t.is(all.filter((e) => e.event === 'crew.agent_started').length, 4, 'one start per stage, the tool loop included');
  t.deepEqual(
    calls.steps.filter((s) => s.stepKey === '1').map((s) => [s.turn, s.exchanges.length]),
    [[0, 0], [1, 1], [1, 1]],
    'the first step once, then the agent from the tool call on (its step again after the restore)',
  );
  t.is(second.getSnapshot().context.agents.ContentAgent!.output_summary, 'did 2 after ');
  t.is(all.find((e) => e.event === 'crew.agent_completed' && e.data.stage === 'outline_creation')!.data.output_summary, 'did 1 after ran search');
});

test('a model failure fails the outcome with content_generation_failed; retry resumes at that stage', async (t) => {
  let fail = true;
  const { machine, calls, clock } = harness((step) =>
    step.stepKey === '2' && fail
      ? { kind: 'failed', error: { code: 'content_generation_failed', message: 'x', retryCount: 3, lastError: '503 Service Unavailable' }, at: '' }
      : { kind: 'final', summary: 'ok', at: '' },
  );
  const actor = createActor(machine, { input: input() });
  const events = collect(actor);
  actor.start();
  actor.send({ type: 'START', at: clock.now().toISOString() });
  await waitFor(actor, (s) => s.matches('failed'));
  const context = actor.getSnapshot().context;
  t.is(context.error!.code, 'content_generation_failed');
  t.deepEqual(context.error!.details, { stage: 'content_creation', agent: 'ContentAgent', retry_count: 3, last_error: '503 Service Unavailable' });
  t.is(calls.refunds, 1);
  t.is(context.agents.ContentAgent!.status, 'failed');
  const failed = events.at(-1)!;
  t.is(failed.event, 'outcome.failed');
  t.is(failed.data.retry_available, true);
  t.truthy(failed.data.estimated_retry_time);

  fail = false;
  actor.send({ type: 'RETRY', at: clock.now().toISOString() });
  t.is(actor.getSnapshot().value, 'queued');
  actor.send({ type: 'START', at: clock.now().toISOString() });
  await waitFor(actor, (s) => s.matches('completed'));
  t.deepEqual(calls.steps.map((s) => `${s.stepKey}@${s.attempt}`), ['0@1', '1@1', '2@1', '2@2', '3@2']);
  t.is(actor.getSnapshot().context.result!.content, 'final 3');
});

test('cancelling a processing outcome aborts the running step and fails it as cancelled', async (t) => {
  const { machine, calls, clock } = harness(() => new Promise(() => {}));
  const actor = createActor(machine, { input: input() });
  actor.start();
  actor.send({ type: 'START', at: clock.now().toISOString() });
  t.is(calls.steps.length, 1);
  actor.send({ type: 'CANCEL', at: clock.now().toISOString() });
  const snapshot = actor.getSnapshot();
  t.true(snapshot.matches('failed'));
  t.is(snapshot.context.error!.code, 'cancelled');
  t.is(calls.aborted, 1);
  t.deepEqual(calls.slots, ['request', 'release']);
  t.is(calls.refunds, 1);
});

test('a revision runs one agent step, settles the revision and completes again with the new result', async (t) => {
  const { machine, calls, clock } = harness();
  const actor = createActor(machine, { input: input() });
  const events = collect(actor);
  actor.start();
  actor.send({ type: 'START', at: clock.now().toISOString() });
  await waitFor(actor, (s) => s.matches('completed'));
  actor.send({ type: 'REVISE', at: clock.now().toISOString(), revisionId: 'rev_1', feedback: 'more casual', changesRequested: ['tone_adjustment'], estimatedCompletion: '2026-01-01T00:01:00.000Z' });
  t.true(actor.getSnapshot().matches('revising'));
  t.is(actor.getSnapshot().context.revisionsAvailable, 2);
  await waitFor(actor, (s) => s.matches('completed'));
  t.is(actor.getSnapshot().context.result!.content, 'final rev_1');
  t.deepEqual((calls.revisions[0] as { status: string }).status, 'completed');
  const kinds = events.map((e) => e.event);
  t.is(kinds.filter((k) => k === 'outcome.revision_requested').length, 1);
  t.is(events.at(-1)!.data.revision_id, 'rev_1');
});

test('a failed revision settles with its error, records outcome.revision_failed and completes again with the old result', async (t) => {
  const { machine, calls, clock } = harness((step) =>
    step.stepKey.startsWith('rev_')
      ? { kind: 'failed', error: { code: 'content_generation_failed', message: 'The model step failed.', retryCount: 1, lastError: '400 refused' }, at: '' }
      : { kind: 'final', summary: 'ok', at: '' },
  );
  const actor = createActor(machine, { input: input() });
  const events = collect(actor);
  actor.start();
  actor.send({ type: 'START', at: clock.now().toISOString() });
  await waitFor(actor, (s) => s.matches('completed'));
  actor.send({ type: 'REVISE', at: clock.now().toISOString(), revisionId: 'rev_1', feedback: 'more casual', changesRequested: ['tone_adjustment'], estimatedCompletion: '2026-01-01T00:01:00.000Z' });
  await waitFor(actor, (s) => s.matches('completed'));
  const context = actor.getSnapshot().context;
  t.is(context.result!.content, 'final 3', 'the content it had');
  t.is(context.revisionsAvailable, 3, 'the failed revision is given back');
  t.is(context.revision, null);
  t.like(calls.revisions[0], { revisionId: 'rev_1', status: 'failed', error: { code: 'content_generation_failed', details: { stage: 'editing', agent: 'EditorAgent', retry_count: 1, last_error: '400 refused' } } });
  const last = events.at(-1)!;
  t.is(last.event, 'outcome.revision_failed');
  t.like(last.data, { revision_id: 'rev_1', revisions_available: 3, error: { code: 'content_generation_failed', stage: 'editing' } });
  t.deepEqual(events.map((e) => e.sequence), events.map((_, i) => events[0]!.sequence + i), 'in sequence');
});

test('a held batch entry waits for RELEASE, and fails when a dependency fails', async (t) => {
  const { machine, calls, clock } = harness();
  const waiting = createActor(machine, { input: input({ held: true, workflowId: 'wf_1' }) });
  waiting.start();
  t.is(waiting.getSnapshot().value, 'held');
  waiting.send({ type: 'RELEASE', at: clock.now().toISOString() });
  t.is(waiting.getSnapshot().value, 'queued');

  const doomed = createActor(machine, { input: input({ outcomeId: 'out_2', held: true, workflowId: 'wf_1' }) });
  doomed.start();
  doomed.send({ type: 'DEPENDENCY_FAILED', at: clock.now().toISOString(), dependency: 'out_9' });
  t.true(doomed.getSnapshot().matches('failed'));
  t.is(doomed.getSnapshot().context.error!.code, 'dependency_failed');
  t.is(calls.refunds, 1);
});

test('an agent loops model step -> tool calls -> model step and stops at its step limit', async (t) => {
  let turns = 0;
  const agent = agentMachine.provide({
    actors: {
      modelStep: fromPromise<AgentStepResult, AgentStepInput>(async ({ input }) => {
        turns += 1;
        if (input.exchanges.length >= 2) return { kind: 'final', summary: `used ${input.exchanges.map((e) => e.result.content).join(', ')}`, at: 'T' };
        return { kind: 'tool_calls', calls: [{ id: `c${input.turn}`, name: 'search', arguments: { q: 'x' } }] };
      }),
      callTools: fromPromise<AgentToolExchange[], AgentToolsInput>(async ({ input }) => input.calls.map((call) => ({ call, result: { content: `r${input.turn}`, isError: false }, turn: input.turn }))),
    },
  });
  const actor = createActor(agent, { input: { outcomeId: 'o', stepKey: '0', stageIndex: 0, stage: 'research', agent: 'A', attempt: 1, at: 'T0' } });
  actor.start();
  await waitFor(actor, (s) => s.status === 'done');
  t.deepEqual(actor.getSnapshot().output, { ok: true, summary: 'used r0, r1', at: 'T' });
  t.is(turns, 3);

  const looping = agentMachine.provide({
    actors: {
      modelStep: fromPromise<AgentStepResult, AgentStepInput>(async () => ({ kind: 'tool_calls', calls: [{ id: 'c', name: 'x', arguments: {} }] })),
      callTools: fromPromise<AgentToolExchange[], AgentToolsInput>(async ({ input }) => input.calls.map((call) => ({ call, result: { content: '', isError: true }, turn: input.turn }))),
    },
  });
  const stuck = createActor(looping, { input: { outcomeId: 'o', stepKey: '0', stageIndex: 0, stage: 'research', agent: 'A', attempt: 1, at: 'T0', maxSteps: 3 } });
  stuck.start();
  await waitFor(stuck, (s) => s.status === 'done');
  const output = stuck.getSnapshot().output!;
  t.false(output.ok);
  t.is(stuck.getSnapshot().context.turn, 2);
});

type OutcomeChart = ReturnType<typeof harness>['machine'];

/**
 * Stops `first` where it stands, releases its hung step, restores a second actor from its persisted
 * snapshot and runs it to completion; checks the two actors' events number on without gaps or
 * repeats and returns them in order, with the second actor.
 */
async function restoreAndFinish(
  t: ExecutionContext,
  machine: OutcomeChart,
  first: Actor<OutcomeChart>,
  before: OutcomeEmitted[],
  release: () => void,
): Promise<{ all: OutcomeEmitted[]; second: Actor<OutcomeChart> }> {
  const persisted = JSON.parse(JSON.stringify(first.getPersistedSnapshot()));
  first.stop();
  release();
  const second = createActor(machine, { snapshot: persisted } as never);
  const after = collect(second);
  second.start();
  await waitFor(second, (s) => s.matches('completed'));
  const all = [...before, ...after];
  t.deepEqual(all.map((e) => e.sequence), all.map((_, i) => i + 3), 'sequences continue without gaps or repeats');
  return { all, second };
}
