import test from 'ava';
import { createActor, fromPromise, waitFor } from 'xstate';
import { webhookDeliveryMachine, type AttemptInput, type AttemptOutput } from '../../../machines/webhookDelivery.js';
import { createFinishedSnapshots } from '../../../runtime/webhooks/finishedSnapshot.js';

/** What the machine itself persists after its attempts answered with `outputs`, in order. */
async function machineSnapshot(schedule: number[], scheduledAt: string, outputs: AttemptOutput[]) {
  let next = 0;
  const machine = webhookDeliveryMachine.provide({ actors: { attempt: fromPromise<AttemptOutput, AttemptInput>(async () => outputs[next++]!) } });
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
    const expected = await machineSnapshot(schedule, at, [output]);
    const built = JSON.parse(createFinishedSnapshots(webhookDeliveryMachine)({ deliveryId: 'del_fast', webhookId: 'wh_fast', schedule, scheduledAt: at, attempt: 1, output }));
    t.deepEqual(built, expected);
  });
}

test('snapshots built one after another from one factory each carry their own delivery', async (t) => {
  const build = createFinishedSnapshots(webhookDeliveryMachine);
  const output = { ok: true, status: 200, responseTimeMs: 1, at };
  for (const id of ['del_one', 'del_two']) {
    const expected = await machineSnapshot([0], at, [output]);
    expected.context.deliveryId = id;
    t.deepEqual(JSON.parse(build({ deliveryId: id, webhookId: 'wh_fast', schedule: [0], scheduledAt: at, attempt: 1, output })), expected);
  }
});

test("the snapshot of a delivery whose only attempt failed is the machine's own", async (t) => {
  const output = { ok: false, status: 500, responseTimeMs: 3, at };
  const expected = await machineSnapshot([0], at, [output]);
  const built = JSON.parse(createFinishedSnapshots(webhookDeliveryMachine)({ deliveryId: 'del_fast', webhookId: 'wh_fast', schedule: [0], scheduledAt: at, attempt: 1, output }));
  t.deepEqual(built, expected);
});
