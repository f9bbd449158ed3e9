import test from 'ava';
import { assign, fromPromise, setup, waitFor, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { agentMachine } from '../../../machines/agent.js';
import { outcomeMachine } from '../../../machines/outcome.js';
import { pluginRunMachine } from '../../../machines/pluginRun.js';
import { toolConnectionMachine } from '../../../machines/toolConnection.js';
import { webhookDeliveryMachine } from '../../../machines/webhookDelivery.js';
import { workflowMachine } from '../../../machines/workflow.js';
import { createHostedActors } from '../../../runtime/actors/hostedActors.js';

/**
 * Hosted actors share one xstate system and are each still a root (runtime/actors/hostedActors.ts,
 * issue 30 item 4): these pin what that relies on in xstate, so an upgrade that changes it fails here.
 */

/** Waits in `working` on an invoked promise until it is answered or aborted; DONE ends it. */
function parkedMachine(aborted: string[]) {
  return setup({
    types: { input: {} as { name: string }, context: {} as { name: string; answer: string | null }, events: {} as { type: 'DONE' } | { type: 'BREAK' } },
    actors: {
      wait: fromPromise<string, { name: string }>(
        ({ input, signal }) =>
          new Promise((_, reject) =>
            signal.addEventListener('abort', () => {
              aborted.push(input.name);
              reject(new Error('aborted'));
            }),
          ),
      ),
    },
  }).createMachine({
    id: 'parked',
    context: ({ input }) => ({ name: input.name, answer: null }),
    initial: 'working',
    states: {
      working: {
        invoke: { src: 'wait', input: ({ context }) => ({ name: context.name }), onDone: { target: 'done', actions: assign({ answer: ({ event }) => event.output }) } },
        on: {
          DONE: 'done',
          BREAK: {
            actions: () => {
              throw new Error('broken');
            },
          },
        },
      },
      done: { type: 'final' },
    },
  });
}

test('hosted actors share one system, and each is a root that stops on its own', (t) => {
  const aborted: string[] = [];
  const logic = parkedMachine(aborted);
  const actors = createHostedActors();
  const a = actors.create(logic, { name: 'a' }).start();
  const b = actors.create(logic, { name: 'b' }).start();
  t.is(a.system, b.system, 'one system for both');
  t.not(a.sessionId, b.sessionId);
  t.is(a._parent, undefined);
  t.notThrows(() => a.stop(), 'a root stops with stop()');
  t.deepEqual(aborted, ['a'], "stopping one aborts its own invoked child, not the other's");
  t.is(a.getSnapshot().status, 'stopped');
  t.is(b.getSnapshot().status, 'active');
  b.stop();
  t.deepEqual(aborted, ['a', 'b']);
});

test('a hosted actor reports completion and errors to its own observers, and the others go on', (t) => {
  const logic = parkedMachine([]);
  const actors = createHostedActors();
  const done = actors.create(logic, { name: 'done' });
  const broken = actors.create(logic, { name: 'broken' });
  const other = actors.create(logic, { name: 'other' });
  const seen: string[] = [];
  done.subscribe({ complete: () => seen.push('done complete') });
  broken.subscribe({ error: (error) => seen.push(`broken error ${(error as Error).message}`) });
  for (const actor of [done, broken, other]) actor.start();
  done.send({ type: 'DONE' });
  broken.send({ type: 'BREAK' });
  t.deepEqual(seen, ['done complete', 'broken error broken']);
  t.is(done.getSnapshot().status, 'done');
  t.is(broken.getSnapshot().status, 'error');
  t.is(other.getSnapshot().status, 'active', 'a sibling in the same system is untouched');
  other.send({ type: 'DONE' });
  t.is(other.getSnapshot().status, 'done');
});

test('a hosted actor revived from its persisted snapshot (a JSON round trip) resumes and restarts its invoked child', async (t) => {
  const aborted: string[] = [];
  const logic = parkedMachine(aborted);
  const actors = createHostedActors();
  const first = actors.create(logic, { name: 'r' }).start();
  const persisted: unknown = JSON.parse(JSON.stringify(first.getPersistedSnapshot()));
  first.stop();
  const revived = actors.revive(logic, { snapshot: persisted, input: null }).start();
  t.true(revived.getSnapshot().matches('working'));
  t.is(revived.getSnapshot().context.name, 'r');
  revived.stop();
  t.deepEqual(aborted, ['r', 'r'], 'the revived actor ran its invoked child again');
  const fresh = actors.revive(logic, { snapshot: null, input: { name: 'f' } }).start();
  fresh.send({ type: 'DONE' });
  t.is((await waitFor(fresh, (snapshot) => snapshot.status === 'done')).context.name, 'f');
});

/** Every state node of `machine`, depth first. */
function nodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return nodes;
}

test('the machines the host runs schedule no xstate delays and register no system ids (what one shared system would mix up)', (t) => {
  for (const machine of [outcomeMachine, agentMachine, workflowMachine, pluginRunMachine, toolConnectionMachine, webhookDeliveryMachine]) {
    for (const node of nodesOf(machine)) {
      t.deepEqual(node.after, [], `${node.id}: no \`after\` delay`);
      for (const invoke of node.invoke) t.is(invoke.systemId, undefined, `${node.id}: no systemId`);
    }
  }
});
