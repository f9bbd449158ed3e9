import test from 'ava';
import { createActor } from 'xstate';
import { settle, workflowMachine, workflowStatus } from '../../machines/workflow.js';

function start() {
  const released: string[] = [];
  const failed: string[] = [];
  const machine = workflowMachine.provide({
    actions: {
      releaseOutcome: (_, params) => void released.push(params.outcomeId),
      failOutcome: (_, params) => void failed.push(`${params.outcomeId}<-${params.dependency}`),
    },
  });
  const actor = createActor(machine, {
    input: {
      workflowId: 'wf_1',
      workspaceId: 'ws',
      name: 'launch',
      createdAt: '2026-01-01T00:00:00.000Z',
      entries: [
        { outcomeId: 'a', crewId: 'writer', dependsOn: [] },
        { outcomeId: 'b', crewId: 'mind', dependsOn: [] },
        { outcomeId: 'c', crewId: 'pilot', dependsOn: ['a', 'b'] },
        { outcomeId: 'd', crewId: 'writer', dependsOn: ['c'] },
      ],
    },
  });
  actor.start();
  return { actor, released, failed };
}

test('an entry is released once every dependency completed', (t) => {
  const { actor, released } = start();
  actor.send({ type: 'OUTCOME_SETTLED', outcomeId: 'a', status: 'completed', at: 'T1' });
  t.deepEqual(released, []);
  actor.send({ type: 'OUTCOME_SETTLED', outcomeId: 'b', status: 'completed', at: 'T2' });
  t.deepEqual(released, ['c']);
  actor.send({ type: 'OUTCOME_SETTLED', outcomeId: 'b', status: 'completed', at: 'T2' });
  t.deepEqual(released, ['c'], 'a repeated settle changes nothing');
  actor.send({ type: 'OUTCOME_SETTLED', outcomeId: 'c', status: 'completed', at: 'T3' });
  actor.send({ type: 'OUTCOME_SETTLED', outcomeId: 'd', status: 'completed', at: 'T4' });
  const snapshot = actor.getSnapshot();
  t.is(snapshot.value, 'done');
  t.is(workflowStatus(String(snapshot.value), snapshot.context), 'completed');
  t.is(snapshot.context.completedAt, 'T4');
});

test('a failed dependency fails its dependents transitively', (t) => {
  const { actor, released, failed } = start();
  actor.send({ type: 'OUTCOME_SETTLED', outcomeId: 'a', status: 'failed', at: 'T1' });
  t.deepEqual(failed, ['c<-a', 'd<-c']);
  actor.send({ type: 'OUTCOME_SETTLED', outcomeId: 'b', status: 'completed', at: 'T2' });
  t.deepEqual(released, []);
  const snapshot = actor.getSnapshot();
  t.is(snapshot.value, 'done');
  t.is(workflowStatus(String(snapshot.value), snapshot.context), 'failed');
  const restored = createActor(workflowMachine, { snapshot: JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) } as never);
  restored.start();
  t.is(restored.getSnapshot().value, 'done');
});

test('settle ignores unknown and already settled outcomes', (t) => {
  const entries = [{ outcomeId: 'a', crewId: 'writer', dependsOn: [], status: 'completed' as const }];
  t.false(settle(entries, 'a', 'failed').changed);
  t.false(settle(entries, 'zzz', 'failed').changed);
});
