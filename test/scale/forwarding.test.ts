import test, { type ExecutionContext } from 'ava';
import type { Knex } from 'knex';
import { postgresTest } from '../helpers/postgres.js';
import { startCluster } from './cluster.js';
import { call, key, owners, type Node } from './leasesCluster.js';
import { until } from '../helpers/until.js';

/**
 * Commands for an outcome another process holds are forwarded to it through Postgres
 * (`actor_commands` + NOTIFY) and answered as that process answered (docs/leases.md).
 */

type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** Ends a cluster whose processes may be paused: a paused process would never answer its SIGTERM. */
async function closeCluster(c: Cluster): Promise<void> {
  for (const node of c.nodes) {
    if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGCONT');
    node.child.kill('SIGKILL');
  }
  await c.close();
}

async function cluster(t: ExecutionContext, env: Record<string, string>) {
  const c = await startCluster(0, { CREWD_BOOTSTRAP_KEY: key, ...env });
  t.teardown(() => closeCluster(c));
  return c;
}

/**
 * Two processes (slow think time: outcomes are still running when the commands arrive) shared by
 * the tests that pause and kill nothing: each deploys and asserts on its own outcomes, and a crewd
 * start costs about a CPU-second.
 */
let shared: Promise<{ c: Cluster; a: Node; b: Node }> | undefined;
const sharedPair = () =>
  (shared ??= (async () => {
    const c = await startCluster(0, { CREWD_BOOTSTRAP_KEY: key, CREWD_LOCAL_MODEL_DELAY_MS: '1500' });
    return { c, a: await c.start(), b: await c.start() };
  })());
test.after.always(async () => {
  if (shared) await closeCluster((await shared).c);
});

async function deployOne(t: ExecutionContext, node: Node, n: number): Promise<string> {
  const response = await call(node.url, 'POST', '/v1/crews/writer/run', { brief: `Forwarding test outcome ${n} about resilient distributed systems` });
  t.is(response.status, 201, JSON.stringify(response.body));
  return response.body.outcome_id as string;
}

async function processing(node: Node, id: string): Promise<void> {
  await until(async () => {
    const view = await call(node.url, 'GET', `/v1/outcomes/${id}`);
    if (view.body.status === 'processing') return true;
    if (view.body.status !== 'queued') throw new Error(`${id} is ${view.body.status} before it could be cancelled`);
    return false;
  }, `${id} processing`);
}

async function settled(node: Node, id: string): Promise<any> {
  return until(async () => {
    const view = await call(node.url, 'GET', `/v1/outcomes/${id}`);
    return view.body.status === 'failed' || view.body.status === 'completed' ? view.body : undefined;
  }, `${id} settled`, { maxEveryMs: 200 });
}

async function events(db: Knex, id: string): Promise<Array<{ kind: string; data: any }>> {
  const rows = await db('events').where({ outcome_id: id }).orderBy('sequence');
  return rows.map((row: { kind: string; data: unknown }) => ({ kind: row.kind, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }));
}

/** Exactly one outcome.failed event, with code `cancelled`, and no outcome.completed. */
async function cancelledOnce(t: ExecutionContext, db: Knex, id: string): Promise<void> {
  const kinds = (await events(db, id)).filter((e) => e.kind === 'outcome.failed' || e.kind === 'outcome.completed');
  t.is(kinds.length, 1, `${id}: one terminal event, got ${kinds.map((e) => e.kind).join(', ')}`);
  t.is(kinds[0]?.kind, 'outcome.failed');
  t.is(kinds[0]?.data?.error?.code, 'cancelled');
}

const shape = (body: Record<string, unknown>) => Object.keys(body).sort();

postgresTest('cancel sent to a process that does not hold the outcome is carried out by its owner and answered as the owner answers', async (t) => {
  const { c, a, b } = await sharedPair();
  const apiOnly = await c.start(['--no-worker']);
  const [viaB, viaApi, local] = [await deployOne(t, a, 1), await deployOne(t, a, 2), await deployOne(t, a, 3)];
  for (const id of [viaB, viaApi, local]) await processing(a, id);
  const ownerA = (await owners(c.db, [viaB]))[0]!.owner;

  const onA = await call(a.url, 'POST', `/v1/outcomes/${local}/cancel`);
  const onB = await call(b.url, 'POST', `/v1/outcomes/${viaB}/cancel`);
  const onApi = await call(apiOnly.url, 'POST', `/v1/outcomes/${viaApi}/cancel`);
  t.is(onA.status, 200, JSON.stringify(onA.body));
  t.is(onB.status, 200, JSON.stringify(onB.body));
  t.is(onApi.status, 200, JSON.stringify(onApi.body));
  for (const [id, answer] of [[viaB, onB], [viaApi, onApi]] as const) {
    t.is(answer.body.id ?? answer.body.outcome_id, id);
    t.is(answer.body.status, 'failed');
    t.is(answer.body.error?.code, 'cancelled');
    t.deepEqual(shape(answer.body), shape(onA.body), 'the same body as a cancel on the owner');
  }
  // The owner applied them: A still holds the actors, B and the API-only process ran none.
  for (const row of await owners(c.db, [viaB, viaApi])) t.is(row.owner, ownerA);
  for (const id of [viaB, viaApi, local]) {
    t.is((await settled(b, id)).error?.code, 'cancelled');
    await cancelledOnce(t, c.db, id);
  }
  const commands = await c.db('actor_commands').whereIn('actor_id', [viaB, viaApi]);
  t.is(commands.length, 2, 'one forwarded command each (the local cancel was not forwarded)');
  t.true(commands.every((row: { status: string }) => row.status === 'done'));

  // A second cancel through B gets the owner's refusal, as on A.
  const again = await call(b.url, 'POST', `/v1/outcomes/${viaB}/cancel`);
  const againOnA = await call(a.url, 'POST', `/v1/outcomes/${local}/cancel`);
  t.is(again.status, 409);
  t.is(again.body.error.code, againOnA.body.error.code);
  t.is(again.body.error.code, 'outcome_not_cancellable');
  // An unknown outcome is a 404 through any process, forwarded or not.
  t.is((await call(apiOnly.url, 'POST', '/v1/outcomes/out_doesnotexist/cancel')).status, 404);
  t.is((await call(b.url, 'POST', '/v1/outcomes/out_doesnotexist/cancel')).status, 404);
});

postgresTest('revise and retry through another process: a finished outcome is carried out there', async (t) => {
  const { c, a, b } = await sharedPair();
  const toRevise = await deployOne(t, a, 1);
  const toRetry = await deployOne(t, a, 2);
  await processing(a, toRetry);
  t.is((await call(a.url, 'POST', `/v1/outcomes/${toRetry}/cancel`)).status, 200);
  t.is((await settled(a, toRevise)).status, 'completed');

  const revised = await call(b.url, 'POST', `/v1/outcomes/${toRevise}/revise`, { feedback: 'Make it shorter and add an example' });
  t.is(revised.status, 201, JSON.stringify(revised.body));
  t.truthy(revised.body.revision_id);
  const retried = await call(b.url, 'POST', `/v1/outcomes/${toRetry}/retry`);
  t.is(retried.status, 200, JSON.stringify(retried.body));
  t.is(retried.body.status, 'processing');
  // Cancelled while the retry runs, through A now (B or A holds it; either answers the same).
  const cancelled = await call(a.url, 'POST', `/v1/outcomes/${toRetry}/cancel`);
  t.is(cancelled.status, 200, JSON.stringify(cancelled.body));
  t.is((await settled(a, toRetry)).error?.code, 'cancelled');
  const failures = (await events(c.db, toRetry)).filter((e) => e.kind === 'outcome.failed');
  t.is(failures.length, 2, 'one outcome.failed per cancel');
});

postgresTest('kill -9 of the owner after another process accepted a cancel: the cancel is applied after the takeover', async (t) => {
  // B waits only 300 ms for an answer, so it answers 503 command_pending while A is stopped; the
  // lease (3 s) outlasts that wait even on a loaded machine, so B cannot take the outcome over first.
  const c = await cluster(t, { CREWD_LOCAL_MODEL_DELAY_MS: '1500', CREWD_LEASE_MS: '3000' });
  const a = await c.start();
  const b = await c.start([], { CREWD_COMMAND_WAIT_MS: '300' });
  const id = await deployOne(t, a, 1);
  await processing(a, id);
  const ownerA = (await owners(c.db, [id]))[0]!.owner;

  a.child.kill('SIGSTOP');
  const pending = await call(b.url, 'POST', `/v1/outcomes/${id}/cancel`);
  t.is(pending.status, 503, JSON.stringify(pending.body));
  t.is(pending.body.error.code, 'command_pending');
  const commandId = pending.body.error.details.command_id as string;
  t.truthy(await c.db('actor_commands').where({ id: commandId }).first(), 'the command is stored');
  a.child.kill('SIGKILL');

  // B takes the outcome over, restores it and applies the stored cancel.
  t.is((await settled(b, id)).error?.code, 'cancelled');
  const [row] = await owners(c.db, [id]);
  t.not(row!.owner, ownerA, 'taken over');
  await cancelledOnce(t, c.db, id);
  // The outcome's failure is committed before the command's answer is stored (commandApplier.ts):
  // the answer follows.
  await until(async () => (await c.db('actor_commands').where({ id: commandId }).first())?.status === 'done', `command ${commandId} done`);
  // The client retries its cancel (as clients retry a 503): it gets the stored answer, not a 409.
  const retried = await call(b.url, 'POST', `/v1/outcomes/${id}/cancel`);
  t.is(retried.status, 200, JSON.stringify(retried.body));
  t.is(retried.body.error?.code, 'cancelled');
  t.is(await c.db('actor_commands').where({ actor_id: id }).count('* as n').first().then((r: any) => Number(r.n)), 1, 'the retry joined the first command');
  await cancelledOnce(t, c.db, id);
});
