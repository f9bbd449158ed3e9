import test from 'ava';
import { assign, emit, setup } from 'xstate';
import { manualClock } from '../../../runtime/clock.js';
import { createActorHost } from '../../../runtime/actors/actorHost.js';
import { outcomeRowWriters } from '../../../runtime/outcomes/outcomeRows.js';
import { createEventBus } from '../../../runtime/events/eventBus.js';
import type { Db } from '../../../storage/db.js';
import type { Repositories } from '../../../storage/index.js';
import type { NewEvent } from '../../../storage/repositories/events.js';
import type { OutcomeRow } from '../../../storage/repositories/outcomes.js';
import { migratedStore } from '../../helpers/databases.js';

/** An actor that emits one event per TICK. */
const counter = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'TICK' }, emitted: {} as { type: 'event'; event: string; timestamp: string; sequence: number; data: Record<string, unknown> } },
}).createMachine({
  id: 'counter',
  context: { n: 0 },
  on: { TICK: { actions: [assign(({ context }) => ({ n: context.n + 1 })), emit(({ context }) => ({ type: 'event' as const, event: 'counter.ticked', timestamp: 'T', sequence: context.n, data: { n: context.n } }))] } },
});

function outcome(id: string): OutcomeRow {
  return {
    id,
    workspace_id: 'ws_1',
    crew: 'writer',
    status: 'queued',
    created_at: 'T',
    updated_at: 'T',
    completed_at: null,
    revised_at: null,
    revision_id: null,
    failed_at: null,
    estimated_completion: null,
    progress: {},
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
}

/** A deploy's group: a new outcome, its input and its first event, for one credit. */
function deploy(id: string) {
  return {
    rows: {
      outcomes: [outcome(id)],
      outcomeInputs: [{ outcome_id: id, brief: 'a brief', context: null, requirements: {}, integrations: {}, template_id: null, context_documents: [], depends_on: [], priority: null }],
      events: [{ id: `evt_${id}`, workspace_id: 'ws_1', outcome_id: id, sequence: 1, kind: 'outcome.created', timestamp: 'T', data: {} }],
    },
    credits: { workspaceId: 'ws_1', count: 1 },
  };
}

/** Marks when a tick's second transaction (the actors' rows, one `BEGIN; ...; COMMIT` call) has run. */
function watchSecondTransactions(db: Db): { finished: () => number } {
  const pool = db.client as { acquireConnection(): Promise<{ exec(sql: string, cb: (error: Error | null) => void): void; watched?: boolean }> };
  const acquire = pool.acquireConnection.bind(pool);
  let finished = 0;
  pool.acquireConnection = async () => {
    const connection = await acquire();
    if (!connection.watched) {
      connection.watched = true;
      const exec = connection.exec.bind(connection);
      connection.exec = (sql, cb) =>
        exec(sql, (error) => {
          if (sql.startsWith('BEGIN;') && !error) finished += 1;
          cb(error);
        });
    }
    return connection;
  };
  return { finished: () => finished };
}

async function world(t: import('ava').ExecutionContext) {
  const { db, repos } = await migratedStore(t);
  await repos.workspaces.insert({ id: 'ws_1', name: 'one', plan: 'starter', credits_remaining: 10, requests_per_minute: 60, concurrent_outcomes: 10, created_at: 'T' });
  const bus = createEventBus();
  const published: NewEvent[] = [];
  bus.subscribe((events) => published.push(...events));
  const stopped: string[] = [];
  const host = createActorHost({ db, repos, eventBus: bus, clock: manualClock(), onError: () => undefined });
  const machine = host.register({
    name: 'counter',
    version: 1,
    logic: counter,
    atRest: () => false,
    workspaceOf: () => 'ws_1',
    rows: outcomeRowWriters,
    failed: () => ({ events: [] }),
    onFailed: (id) => stopped.push(id),
  });
  const started = async (ids: string[]) => {
    await repos.actors.insert(ids.map((id) => ({ id, machine: 'counter', version: 1, workspace_id: 'ws_1', status: 'active' as const, state_value: 'counting', snapshot: null, input: null, created_at: 'T', updated_at: 'T' })));
    const actors = ids.map((id) => {
      const actor = machine.create(undefined);
      machine.start(id, actor, 'T');
      return actor;
    });
    await host.flushed();
    return actors;
  };
  t.teardown(() => host.stop());
  return { db, repos, host, published, stopped, started };
}

async function credits(repos: Repositories): Promise<number | null> {
  return repos.credits.remaining('ws_1');
}

test("a tick of deploys and actors tells the deploys' callers before the actors' rows are written, and stores everything once", async (t) => {
  const { db, repos, host, published, started } = await world(t);
  const [a1, a2] = await started(['a1', 'a2']);
  const watch = watchSecondTransactions(db);
  published.length = 0;
  // One tick: two actors move, two deploys come in.
  a1!.send({ type: 'TICK' });
  a2!.send({ type: 'TICK' });
  let actorsWrittenWhenAnswered: number | undefined;
  const answered = host.commit(deploy('out_1').rows, deploy('out_1').credits).then((stored) => {
    actorsWrittenWhenAnswered = watch.finished();
    return stored;
  });
  const second = host.commit(deploy('out_2').rows, deploy('out_2').credits);
  t.true(await answered);
  t.true(await second);
  await host.flushed();
  t.is(actorsWrittenWhenAnswered, 0, "the deploy's caller went on while the actors' transaction was still SQLite's");
  t.is(watch.finished(), 1, "the actors' rows were one transaction of one call");
  t.is(await credits(repos), 8);
  t.deepEqual((await repos.outcomes.getMany(['out_1', 'out_2'])).map((row) => row.id).sort(), ['out_1', 'out_2']);
  t.deepEqual((await repos.events.listForOutcome('a1')).map((event) => event.data), [{ n: 1 }]);
  t.deepEqual((await repos.events.listForOutcome('a2')).map((event) => event.data), [{ n: 1 }]);
  t.deepEqual(
    published.map((event) => event.kind),
    ['outcome.created', 'outcome.created', 'counter.ticked', 'counter.ticked'],
    "the deploys' events first: they were stored first",
  );
});

test("when the actors' transaction fails after the deploys committed, the deploys stay stored once and the actor that cannot be stored is stopped alone", async (t) => {
  const { repos, host, published, stopped, started } = await world(t);
  const [healthy, poisoned] = await started(['healthy', 'poisoned']);
  published.length = 0;
  healthy!.send({ type: 'TICK' });
  poisoned!.send({ type: 'TICK' });
  // A stage output without content breaks a NOT NULL constraint: SQLite refuses it inside the actors' call.
  host.stage('poisoned', { stageOutputs: [{ outcome_id: 'poisoned', step_key: '0', attempt: 1, summary: 's', content: null as unknown as string, data: null, created_at: 'T' }] });
  t.true(await host.commit(deploy('out_1').rows, deploy('out_1').credits));
  await host.flushed();
  t.deepEqual(stopped, ['poisoned']);
  t.is((await repos.actors.get('poisoned'))!.status, 'error');
  t.is(await credits(repos), 9, 'the deploy took its credit once');
  t.is((await repos.outcomes.getMany(['out_1'])).length, 1);
  t.deepEqual((await repos.events.listForOutcome('out_1')).map((event) => event.kind), ['outcome.created']);
  t.deepEqual((await repos.events.listForOutcome('healthy')).map((event) => event.data), [{ n: 1 }]);
  t.deepEqual((await repos.events.listForOutcome('poisoned')).map((event) => event.data), []);
  t.deepEqual(published.filter((event) => event.kind === 'outcome.created').length, 1);
});
