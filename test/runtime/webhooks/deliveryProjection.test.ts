import test from 'ava';
import { webhookDeliveryMachine } from '../../../machines/webhookDelivery.js';
import { createPureChart } from '../../../runtime/actors/pureChart.js';
import { randomIds } from '../../../runtime/ids.js';
import { deliveryProjection, restingState } from '../../../runtime/webhooks/deliveryProjection.js';
import { newDelivery } from '../../../runtime/webhooks/newDelivery.js';

const at = '2026-03-01T12:00:00.000Z';
const logic = webhookDeliveryMachine.provide({ actions: { attempt: () => {} } });
const chart = createPureChart(logic);
const row = { ...newDelivery(randomIds, { webhookId: 'wh_1', workspaceId: 'ws_1', eventId: 'evt_1', kind: 'outcome.completed', body: '{}', test: false, now: at }), id: 'del_1' };
const input = { deliveryId: row.id, webhookId: row.webhook_id, schedule: [0, 60_000], jitter: 0, attempt: 0, scheduledAt: at };
const persisted = (snapshot: Parameters<typeof logic.getPersistedSnapshot>[0]) => () => JSON.stringify(logic.getPersistedSnapshot(snapshot));

test('a delivery waiting on its retry is stored with its snapshot and timer; the snapshot restores to the same wait', (t) => {
  const first = chart.initial(input);
  const waiting = chart.next(first.snapshot, { type: 'ATTEMPTED', attempt: 1, output: { ok: false, status: 500, responseTimeMs: 3, at } }).snapshot;
  t.is(restingState(waiting), 'waiting');
  const rows = deliveryProjection(row, 'waiting', waiting.context, persisted(waiting), at);
  const stored = rows.deliveryStates?.[0];
  t.like(stored, { state: 'waiting', attempt: 1, response_code: 500 });
  t.is(rows.timers?.length, 1, 'the retry timer');
  const restored = chart.restore(JSON.parse(stored!.snapshot!));
  t.true(restored.matches('waiting'));
  t.throws(() => deliveryProjection(row, 'waiting', waiting.context, null, at), { message: /waiting delivery is stored with its snapshot/ });
});

test('a finished delivery is stored as its row alone: state, attempts and result, no snapshot', (t) => {
  const first = chart.initial(input);
  const done = chart.next(first.snapshot, { type: 'ATTEMPTED', attempt: 1, output: { ok: true, status: 200, responseTimeMs: 3, at } }).snapshot;
  t.is(restingState(done), 'succeeded');
  const rows = deliveryProjection(row, 'succeeded', done.context, persisted(done), at);
  t.like(rows.deliveryStates?.[0], { state: 'succeeded', attempt: 1, response_code: 200, delivered_at: at, snapshot: null });
  t.is(rows.timers, undefined);
});
