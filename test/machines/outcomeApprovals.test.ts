import test from 'ava';
import { createActor, fromPromise, waitFor } from 'xstate';
import { agentMachine, type AgentIntegrations, type AgentStepInput, type AgentStepResult } from '../../machines/agent.js';
import type { ActionKind, ApprovalPolicy, DecideEvent, DeferredIntegrationsInput, PreparedAction, PrepareActionInput } from '../../machines/approvals.js';
import { outcomeMachine, type FinalizeInput, type FinalizeOutput, type OutcomeEmitted, type OutcomeInput } from '../../machines/outcome.js';

const stages = [
  { name: 'research', agent: 'ResearchAgent' },
  { name: 'publishing', agent: 'EditorAgent' },
];
const policy: ApprovalPolicy = { before_integrations: true, before_completion: true, expires_in_hours: 2, on_expiry: 'reject' };

function input(approvals: ApprovalPolicy | null = policy): OutcomeInput {
  return { outcomeId: 'out_1', workspaceId: 'ws_1', crew: 'writer', stages, agents: ['ResearchAgent', 'EditorAgent'], revisionStage: 1, secondsPerStage: 20, createdAt: '2026-01-01T00:00:00.000Z', sequence: 2, revisionsAvailable: 3, workflowId: null, held: false, approvals };
}

/** The chart with scripted slots; records what the runtime would be asked to do. */
function harness() {
  const calls = { slots: [] as string[], opened: [] as string[], resolved: [] as string[], deferred: [] as DeferredIntegrationsInput[], finalized: [] as FinalizeInput[], refunds: 0 };
  const at = '2026-01-01T00:01:00.000Z';
  const machine = outcomeMachine.provide({
    actors: {
      modelStep: fromPromise<AgentStepResult, AgentStepInput>(async () => ({ kind: 'final', summary: 'ok', at })),
      agent: agentMachine.provide({ actors: { modelStep: fromPromise<AgentStepResult, AgentStepInput>(async () => ({ kind: 'final', summary: 'ok', at })) } }),
      finalize: fromPromise<FinalizeOutput, FinalizeInput>(async ({ input }) => {
        calls.finalized.push(input);
        return { result: { content: input.content ?? 'draft', metadata: {}, assets: [] }, qualityMetrics: { overall_score: 80, criteria: {} }, at };
      }),
      prepareAction: fromPromise<PreparedAction, PrepareActionInput>(async ({ input }) => ({ summary: `${input.kind} ${input.attempt}`, preview: { content: input.content ?? 'draft', integrations: input.kind === 'approve_integrations' ? [{ integration: 'drive', flag: 'save_to_drive', action: 'save', target: {} }] : [] }, at })),
      deferredIntegrations: fromPromise<AgentIntegrations | undefined, DeferredIntegrationsInput>(async ({ input }) => {
        calls.deferred.push(input);
        return { executed: { drive: { status: 'success' } }, events: [{ kind: 'integration.executed', data: { outcome_id: 'out_1' } }] };
      }),
    },
    actions: {
      requestSlot: () => void calls.slots.push('request'),
      releaseSlot: () => void calls.slots.push('release'),
      refundCredit: () => void (calls.refunds += 1),
      actionOpened: (_, params) => void calls.opened.push(params.action.id),
      actionResolved: (_, params) => void calls.resolved.push(`${params.resolution.id}:${params.resolution.decision}`),
    },
  });
  return { machine, calls };
}

const decide = (actionId: string, decision: 'approve' | 'reject', content: string | null = null): DecideEvent => ({ type: 'DECIDE', at: '2026-01-01T01:00:00.000Z', actionId, decision, comment: 'c', content, decidedBy: { type: 'api_key', id: 'key_1' } });

async function waiting(actor: ReturnType<typeof createActor<ReturnType<typeof harness>['machine']>>, kind: ActionKind) {
  return waitFor(actor, (s) => s.matches('awaiting_approval') && s.context.pendingAction?.kind === kind);
}

test('integrations wait without a slot, run edited after approval (queued again), then the result waits and completes', async (t) => {
  const { machine, calls } = harness();
  const actor = createActor(machine, { input: input() });
  const events: OutcomeEmitted[] = [];
  actor.on('*', (e) => events.push(e));
  actor.start();
  actor.send({ type: 'START', at: '2026-01-01T00:00:01.000Z' });
  const first = await waiting(actor, 'approve_integrations');
  t.is(first.context.pendingAction!.id, 'act_1i1');
  t.is(first.context.pendingAction!.expires_at, '2026-01-01T02:01:00.000Z');
  t.deepEqual(calls.slots, ['request', 'release'], 'the slot is released when the wait starts');
  t.deepEqual(calls.opened, ['act_1i1']);

  // A decision for another action, or a persisted round trip, changes nothing.
  actor.send(decide('act_other', 'approve'));
  t.true(actor.getSnapshot().matches('awaiting_approval'));
  const restored = createActor(machine, { snapshot: JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) } as never);
  actor.stop();
  restored.on('*', (e) => events.push(e));
  restored.start();
  t.is(restored.getSnapshot().context.pendingAction!.id, 'act_1i1');
  t.deepEqual(calls.opened, ['act_1i1'], 'a restored wait does not open the action again');

  restored.send(decide('act_1i1', 'approve', '# Edited'));
  t.true(restored.getSnapshot().matches('queued'));
  restored.send({ type: 'START', at: '2026-01-01T01:00:01.000Z' });
  const second = await waiting(restored, 'approve_result');
  t.is(calls.deferred[0]!.content, '# Edited');
  t.is(calls.finalized[0]!.content, '# Edited');
  t.is(second.context.integrationsExecuted!.drive!.status, 'success');
  restored.send(decide('act_1r1', 'approve'));
  t.true(restored.getSnapshot().matches('completed'));
  t.is(restored.getSnapshot().context.result!.content, '# Edited');
  t.deepEqual(calls.resolved, ['act_1i1:approve', 'act_1r1:approve']);
  const kinds = events.map((e) => e.event);
  t.deepEqual(kinds.filter((k) => k.startsWith('outcome.action')), ['outcome.action_required', 'outcome.action_resolved', 'outcome.action_required', 'outcome.action_resolved']);
  const sequences = events.map((e) => e.sequence);
  t.deepEqual(sequences, [...sequences].sort((x, y) => x - y));
});

test('reject of integrations marks them rejected; reject of the result fails with rejected_by_reviewer and a retry redoes the last stage', async (t) => {
  const { machine, calls } = harness();
  const actor = createActor(machine, { input: input() });
  actor.start();
  actor.send({ type: 'START', at: '2026-01-01T00:00:01.000Z' });
  await waiting(actor, 'approve_integrations');
  actor.send(decide('act_1i1', 'reject'));
  actor.send({ type: 'START', at: '2026-01-01T01:00:01.000Z' });
  await waiting(actor, 'approve_result');
  t.is(calls.deferred.length, 0, 'rejected integrations never run');
  t.like(actor.getSnapshot().context.integrationsExecuted, { drive: { status: 'rejected' } });
  actor.send(decide('act_1r1', 'reject'));
  const failed = actor.getSnapshot();
  t.true(failed.matches('failed'));
  t.is(failed.context.error!.code, 'rejected_by_reviewer');
  t.is(failed.context.stageIndex, 1);
  t.is(calls.refunds, 1);
  actor.send({ type: 'RETRY', at: '2026-01-01T02:00:00.000Z' });
  actor.send({ type: 'START', at: '2026-01-01T02:00:01.000Z' });
  const again = await waiting(actor, 'approve_result');
  t.is(again.context.pendingAction!.id, 'act_1r2', 'the retry asks again, under a new id; integrations are not asked again');
});

test('cancel while waiting fails the outcome as cancelled; without a policy the outcome never waits', async (t) => {
  const { machine } = harness();
  const actor = createActor(machine, { input: input() });
  actor.start();
  actor.send({ type: 'START', at: '2026-01-01T00:00:01.000Z' });
  await waiting(actor, 'approve_integrations');
  actor.send({ type: 'CANCEL', at: '2026-01-01T00:30:00.000Z' });
  t.is(actor.getSnapshot().context.error!.code, 'cancelled');

  const plain = createActor(machine, { input: input(null) });
  plain.start();
  plain.send({ type: 'START', at: '2026-01-01T00:00:01.000Z' });
  const done = await waitFor(plain, (s) => s.matches('completed'));
  t.is(done.context.pendingAction ?? null, null);
});
