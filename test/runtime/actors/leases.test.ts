import { setup, assign } from 'xstate';
import { manualClock } from '../../../runtime/clock.js';
import { createActorHost } from '../../../runtime/actors/actorHost.js';
import { createEventBus } from '../../../runtime/events/eventBus.js';
import { createRepositories } from '../../../storage/index.js';
import { migratedPostgres, postgresTest } from '../../helpers/postgres.js';

/** Counts TICKs; rests at 3. */
const counter = setup({ types: { context: {} as { n: number }, events: {} as { type: 'TICK' } } }).createMachine({
  id: 'counter',
  context: { n: 0 },
  initial: 'counting',
  states: {
    counting: { always: { guard: ({ context }) => context.n >= 3, target: 'rest' }, on: { TICK: { actions: assign(({ context }) => ({ n: context.n + 1 })) } } },
    rest: {},
  },
});

postgresTest('a host whose actor was taken over has its next write refused, counted and its copy stopped; the new owner\'s state stays', async (t) => {
  const db = await migratedPostgres(t);
  const repos = createRepositories(db);
  const clock = manualClock();
  const errors: string[] = [];
  const hostOf = (owner: string) => {
    const host = createActorHost({ db, repos, eventBus: createEventBus(), clock, onError: (_e, message) => errors.push(message), leases: { owner, leaseMs: 1000 } });
    return { host, machine: host.register({ name: 'counter', version: 1, logic: counter, atRest: (s) => s.matches('rest'), workspaceOf: () => null }) };
  };
  const a = hostOf('node_a');
  const b = hostOf('node_b');
  const now = clock.now().toISOString();
  await a.host.commit({ actors: [{ id: 'c1', machine: 'counter', version: 1, workspace_id: null, status: 'active', state_value: 'counting', snapshot: null, input: null, created_at: now, updated_at: now }] });
  a.machine.start('c1', a.machine.create(undefined as never), now);
  a.machine.get('c1')!.send({ type: 'TICK' });
  await a.host.flushed();
  t.like(await repos.actors.get('c1'), { status: 'active' });

  t.is(await b.host.restoreAll(), 0, 'a live lease is not taken');
  clock.advance(1500);
  t.is(await b.host.restoreAll(), 1, 'an expired lease is taken over');
  b.machine.get('c1')!.send({ type: 'TICK' });
  await b.host.flushed();
  const taken = await repos.actors.get('c1');

  a.machine.get('c1')!.send({ type: 'TICK' });
  await a.host.flushed();
  t.is(a.host.health().fencedWrites, 1);
  t.is(a.machine.get('c1'), undefined, 'the stale copy is stopped');
  t.deepEqual((await repos.actors.get('c1'))?.snapshot, taken?.snapshot, 'the new owner\'s state stays');
  await a.host.stop();
  await b.host.stop();
});
