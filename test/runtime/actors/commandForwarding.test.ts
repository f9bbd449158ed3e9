import type { ExecutionContext } from 'ava';
import { ActorOwnedElsewhereError } from '../../../runtime/actors/actorOwnedElsewhereError.js';
import { CommandPendingError, createCommandForwarding, type CommandHandler } from '../../../runtime/actors/commandForwarding.js';
import { systemClock } from '../../../runtime/clock.js';
import { errors, ServiceError } from '../../../runtime/errors.js';
import { createLocalSignals } from '../../../runtime/events/clusterSignals.js';
import { randomIds } from '../../../runtime/ids.js';
import type { Db } from '../../../storage/db.js';
import { actorCommandsRepository } from '../../../storage/repositories/actorCommands.js';
import { migratedPostgres, postgresTest } from '../../helpers/postgres.js';
import { until } from '../../helpers/until.js';

/**
 * Two forwardings on one Postgres database, as two processes have. Their notices go nowhere
 * (in-process signals): every answer here travels through the table and the safety-net poll,
 * as it does when a notice is lost.
 */
async function setup(t: ExecutionContext) {
  const db = await migratedPostgres(t);
  const repo = actorCommandsRepository(db);
  const forwardingOf = (node: string, waitMs = 3_000) => {
    const forwarding = createCommandForwarding({ repo, signals: createLocalSignals(node), clock: systemClock, monotonic: performance, ids: randomIds, node, waitMs, staleMs: 60_000, pollMs: 20, onError: () => undefined });
    t.teardown(() => forwarding.close());
    return forwarding;
  };
  return { db, repo, forwardingOf };
}

/** An actor row held by `owner` with a lease that lasts a minute more. */
async function actor(db: Db, id: string, owner: string, status = 'active'): Promise<void> {
  const now = new Date().toISOString();
  await db('actors').insert({ id, machine: 'outcome', version: 1, workspace_id: 'ws_1', status, state_value: 'processing', snapshot: null, input: null, created_at: now, updated_at: now, owner, lease_until: Date.now() + 60_000, epoch: 1 });
}

postgresTest('a command is applied by the process that holds the actor and answered to the one that asked, errors as the same ServiceError', async (t) => {
  const { db, forwardingOf } = await setup(t);
  await actor(db, 'out_1', 'node_a');
  const applied: string[] = [];
  const a = forwardingOf('node_a');
  const c = forwardingOf('node_c');
  const handler: CommandHandler = async ({ actorId, args }) => {
    applied.push(actorId);
    if ((args as { refuse?: boolean }).refuse) throw errors.conflict('outcome_not_cancellable', 'no', { outcome_id: actorId });
    return { id: actorId, status: 'failed' };
  };
  a.handle('outcome.cancel', handler);
  // A third process also runs actors but does not hold out_1: it must not apply the command.
  c.handle('outcome.cancel', async () => t.fail('applied by a process that does not hold the actor'));
  a.start();
  c.start();
  const b = forwardingOf('node_b');
  t.deepEqual(await b.forward('outcome.cancel', 'out_1', 'ws_1', {}), { id: 'out_1', status: 'failed' });
  const refused = await t.throwsAsync(b.forward('outcome.cancel', 'out_1', 'ws_1', { refuse: true }), { instanceOf: ServiceError });
  t.like(refused, { status: 409, code: 'outcome_not_cancellable', details: { outcome_id: 'out_1' } });
  t.deepEqual(applied, ['out_1', 'out_1']);
});

postgresTest('an owner that does not answer in time: 503 command_pending, the command is kept and applied later, and the same command sent again gets its answer', async (t) => {
  const { db, repo, forwardingOf } = await setup(t);
  await actor(db, 'out_2', 'node_a');
  let applied = 0;
  const b = forwardingOf('node_b', 200);
  const pending = await t.throwsAsync(b.forward('outcome.cancel', 'out_2', 'ws_1', {}), { instanceOf: CommandPendingError });
  t.is(pending?.status, 503);
  const commandId = pending!.details.command_id as string;
  t.like(await repo.get(commandId), { status: 'pending' });
  // The owner comes back (or another process took the actor over) and applies it.
  const a = forwardingOf('node_a');
  a.handle('outcome.cancel', async () => ({ cancelled: ++applied }));
  a.start();
  await until(async () => (await repo.get(commandId))?.status === 'done', 'the owner applied the command');
  // The client retries: it joins the stored command instead of applying it again. (The same process
  // with a patient wait from here: 200 ms was for the 503 above; a loaded machine may take longer
  // than that to apply the next command, which is not what this test is about.)
  const patient = forwardingOf('node_b', 60_000);
  t.deepEqual(await patient.forward('outcome.cancel', 'out_2', 'ws_1', {}), { cancelled: 1 });
  t.is(applied, 1);
  t.like(await repo.get(commandId), { collected: true });
  // Collected: the next cancel is a new command.
  t.deepEqual(await patient.forward('outcome.cancel', 'out_2', 'ws_1', {}), { cancelled: 2 });
});

postgresTest('a command whose actor turned out to be held elsewhere is put back for its holder; one for an actor at rest is applied by any process that runs actors', async (t) => {
  const { db, repo, forwardingOf } = await setup(t);
  await actor(db, 'out_3', 'node_z', 'idle');
  const a = forwardingOf('node_a');
  let first = true;
  a.handle('outcome.revise', async ({ actorId }) => {
    if (first) {
      first = false;
      throw new ActorOwnedElsewhereError(actorId);
    }
    return { revised: actorId };
  });
  const b = forwardingOf('node_b');
  const answer = b.forward('outcome.revise', 'out_3', 'ws_1', { feedback: 'shorter' });
  a.start();
  t.deepEqual(await answer, { revised: 'out_3' });
  const rows = await db('actor_commands').where({ actor_id: 'out_3' });
  t.is(rows.length, 1);
  t.like(await repo.get(rows[0].id), { status: 'done', claimed_by: 'node_a' });
});
