import test from 'ava';
import { createActor, fromPromise, waitFor } from 'xstate';
import { webhookDeliveryMachine, webhookDeliveryMachineVersion, type AttemptInput, type AttemptOutput } from '../../../machines/webhookDelivery.js';
import { succeededSnapshot, succeededSnapshotMachineVersion } from '../../../runtime/webhooks/succeededSnapshot.js';

/** What the machine itself persists after one immediate attempt answered with `output`. */
async function machineSnapshot(schedule: number[], scheduledAt: string | undefined, output: AttemptOutput) {
  const machine = webhookDeliveryMachine.provide({ actors: { attempt: fromPromise<AttemptOutput, AttemptInput>(async () => output) } });
  const actor = createActor(machine, { input: { deliveryId: 'del_fast', webhookId: 'wh_fast', schedule, attempt: 0, scheduledAt } }).start();
  await waitFor(actor, (snapshot) => snapshot.status === 'done');
  return JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
}

const at = '2026-03-01T12:00:00.000Z';

for (const [name, output] of [
  ['a 200', { ok: true, status: 200, responseTimeMs: 7, at }],
  ['a 204 with an error text', { ok: true, status: 204, responseTimeMs: 0, error: 'ignored', at }],
] as const) {
  test(`the snapshot stored for a first attempt made without an actor is the machine's own (${name})`, async (t) => {
    const schedule = [0, 60_000, 300_000];
    const expected = await machineSnapshot(schedule, at, output);
    const synthesized = JSON.parse(JSON.stringify(succeededSnapshot({ deliveryId: 'del_fast', webhookId: 'wh_fast', schedule, scheduledAt: at }, output)));
    t.deepEqual(synthesized, expected);
  });
}

test('the snapshot shape follows the current machine version', (t) => {
  t.is(succeededSnapshotMachineVersion, webhookDeliveryMachineVersion, 'update succeededSnapshot (and this test) with the machine');
});
