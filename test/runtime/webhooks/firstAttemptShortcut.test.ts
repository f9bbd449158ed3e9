import test from 'ava';
import { createActor, waitFor } from 'xstate';
import { webhookDeliveryMachine, type AttemptOutput } from '../../../machines/webhookDelivery.js';
import { createPureChart } from '../../../runtime/actors/pureChart.js';
import { randomIds } from '../../../runtime/ids.js';
import { deliveryProjection, restingState } from '../../../runtime/webhooks/deliveryProjection.js';
import { createFirstAttemptShortcut } from '../../../runtime/webhooks/firstAttemptShortcut.js';
import { newDelivery } from '../../../runtime/webhooks/newDelivery.js';
import type { TickRows } from '../../../runtime/actors/tickRows.js';

const at = '2026-03-01T12:00:00.000Z';
const now = '2026-03-01T12:00:00.250Z';
const logic = webhookDeliveryMachine.provide({ actions: { attempt: () => {} } });
const chart = createPureChart(logic);

function delivery(id: string, createdAt: string) {
  return { ...newDelivery(randomIds, { webhookId: `wh_${id}`, workspaceId: 'ws_1', eventId: `evt_${id}`, kind: 'outcome.completed', body: '{}', test: false, now: createdAt }), id };
}

/** What the delivery adapter stores when the chart itself runs the delivery to its end (a live actor). */
async function chartRows(row: ReturnType<typeof delivery>, schedule: number[], output: AttemptOutput): Promise<TickRows> {
  const machine = logic.provide({ actions: { attempt: ({ self }, params) => void Promise.resolve().then(() => self.send({ type: 'ATTEMPTED', attempt: params.attempt, output })) } });
  const actor = createActor(machine, { input: { deliveryId: row.id, webhookId: row.webhook_id, schedule, attempt: 0, scheduledAt: row.created_at } }).start();
  const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
  return deliveryProjection(row, restingState(end), end.context, () => JSON.stringify(actor.getPersistedSnapshot()), now);
}

for (const [name, output] of [
  ['a 200', { ok: true, status: 200, responseTimeMs: 7, at }],
  ['a 204 with an error text', { ok: true, status: 204, responseTimeMs: 0, error: 'ignored', at }],
] as const) {
  test(`the shortcut stores exactly what the chart stores for a first attempt answered with ${name}`, async (t) => {
    const schedule = [0, 60_000, 300_000];
    const shortcut = createFirstAttemptShortcut(chart, schedule)!;
    for (const row of [delivery('del_one', at), delivery('del_two', '2026-03-01T11:59:59.000Z')]) {
      const expected = await chartRows(row, schedule, output);
      const built = shortcut(row, output, now);
      t.deepEqual(built, expected);
      t.is(built.deliveryStates?.[0]?.snapshot, null, 'a finished delivery keeps its row, not a snapshot');
      t.like(built.deliveryStates?.[0], { state: 'succeeded', attempt: 1, response_code: output.status, delivered_at: at });
      t.is(built.timers, undefined, 'no retry timer');
      t.is(built.deliveryAttempts, undefined, 'no earlier attempt to keep');
    }
  });
}

test('no shortcut applies when the first attempt is not due at once, or there is none', (t) => {
  t.is(createFirstAttemptShortcut(chart, [1_000, 60_000]), null);
  t.is(createFirstAttemptShortcut(chart, []), null);
});
