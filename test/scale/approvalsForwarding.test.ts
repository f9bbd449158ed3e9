import type { ExecutionContext } from 'ava';
import { postgresTest } from '../helpers/postgres.js';
import { until } from '../helpers/until.js';
import { startCluster } from './cluster.js';
import { call, key, owners, type Node } from './leasesCluster.js';

/**
 * Approvals on several processes sharing one Postgres (issue 27): a decision sent to a process
 * that does not own the outcome reaches the owner, two racing decisions give one winner and one
 * 409, and an expiry timer decides once.
 */

const brief = 'Write a blog post about planning a vegetable garden in raised beds';

async function waitingOutcome(t: ExecutionContext, node: Node, reader: Node): Promise<{ id: string; actionId: string }> {
  const deployed = await call(node.url, 'POST', '/v1/crews/writer/deploy', { brief, approvals: { before_completion: true } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const id = deployed.body.outcome_id as string;
  const actionId = await until(async () => (await call(reader.url, 'GET', `/v1/outcomes/${id}`)).body.pending_action?.id as string | undefined, `the pending action of ${id}`);
  return { id, actionId };
}

async function settled(node: Node, id: string): Promise<any> {
  return until(async () => {
    const view = await call(node.url, 'GET', `/v1/outcomes/${id}`);
    return view.body.status === 'completed' || view.body.status === 'failed' ? view.body : undefined;
  }, `${id} to settle`);
}

postgresTest('decisions reach the owner from any process; a race has one winner and one 409; an expiry decides once', async (t) => {
  const c = await startCluster(0, { CREWD_BOOTSTRAP_KEY: key });
  t.teardown(async () => {
    for (const node of c.nodes) node.child.kill('SIGKILL');
    await c.close();
  });
  const a = await c.start();
  const b = await c.start();
  const apiOnly = await c.start(['--no-worker']);

  // Sent to B (and to an API-only process) while A owns the outcome.
  for (const via of [b, apiOnly]) {
    const { id, actionId } = await waitingOutcome(t, a, via);
    const [owner] = await owners(c.db, [id]);
    t.not(owner!.owner, null);
    const decided = await call(via.url, 'POST', `/v1/outcomes/${id}/actions/${actionId}`, { decision: 'approve', comment: 'via another process' });
    t.is(decided.status, 200, JSON.stringify(decided.body));
    t.like(decided.body, { id: actionId, status: 'approved', comment: 'via another process' });
    t.is((await settled(a, id)).status, 'completed');
    const replay = await call(b.url, 'POST', `/v1/outcomes/${id}/actions/${actionId}`, { decision: 'approve' });
    t.is(replay.status, 200);
    t.is(replay.body.decided_at, decided.body.decided_at);
  }

  // A race: approve on A and reject on B at once.
  const race = await waitingOutcome(t, a, b);
  const answers = await Promise.all([
    call(a.url, 'POST', `/v1/outcomes/${race.id}/actions/${race.actionId}`, { decision: 'approve' }),
    call(b.url, 'POST', `/v1/outcomes/${race.id}/actions/${race.actionId}`, { decision: 'reject' }),
  ]);
  t.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409], JSON.stringify(answers.map((answer) => answer.body)));
  const loser = answers.find((answer) => answer.status === 409)!;
  t.is(loser.body.error.code, 'action_already_resolved');
  const winner = answers.find((answer) => answer.status === 200)!;
  const final = await settled(b, race.id);
  t.is(final.status, winner.body.decision === 'approve' ? 'completed' : 'failed');
  const resolved = await c.db('events').where({ outcome_id: race.id, kind: 'outcome.action_resolved' });
  t.is(resolved.length, 1, 'one decision recorded');

  // Expiry: the timer row is moved to now; both workers poll timers, one decides.
  const expiring = await waitingOutcome(t, a, b);
  await c.db('timers').where({ kind: 'approval.expiry', key: expiring.actionId }).update({ due_at: new Date(Date.now() - 1000).toISOString() });
  t.is((await settled(b, expiring.id)).error.code, 'rejected_by_reviewer');
  await until(async () => ((await c.db('timers').where({ kind: 'approval.expiry', key: expiring.actionId })).length === 0 ? true : undefined), 'the expiry timer to be gone');
  const expired = await c.db('events').where({ outcome_id: expiring.id, kind: 'outcome.action_resolved' });
  t.is(expired.length, 1, 'the expiry decided once');

  // Deploys keep the workspace policy they read (issue 30); one set on another process still holds
  // for the next deploy, and so does clearing it.
  const plain = await call(b.url, 'POST', '/v1/crews/writer/deploy', { brief });
  t.is(plain.status, 201, JSON.stringify(plain.body));
  t.is((await settled(b, plain.body.outcome_id)).status, 'completed', 'no policy yet: nothing to approve');
  t.is((await call(a.url, 'PATCH', '/v1/workspace', { approvals: { before_completion: true } })).status, 200);
  // With an Idempotency-Key: the deploy planned again on the new policy prepares its answer again.
  const keyed = async () => {
    const response = await fetch(`${b.url}/v1/crews/writer/deploy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'after-the-policy-change' },
      body: JSON.stringify({ brief }),
    });
    return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: (await response.json()) as any };
  };
  const held = await keyed();
  t.is(held.status, 201, JSON.stringify(held.body));
  const pending = await until(async () => {
    const view = (await call(b.url, 'GET', `/v1/outcomes/${held.body.outcome_id}`)).body;
    if (view.status !== 'processing') throw new Error(`settled as ${view.status} without waiting for approval`);
    return view.pending_action;
  }, 'the new policy to hold the result');
  t.is(pending.kind, 'approve_result');
  const again = await keyed();
  t.is(again.replayed, 'true');
  t.is(again.body.outcome_id, held.body.outcome_id, 'the retried plan is the answer replayed');
  t.is((await call(b.url, 'PATCH', '/v1/workspace', { approvals: null })).status, 200);
  const cleared = await call(a.url, 'POST', '/v1/crews/writer/deploy', { brief });
  t.is((await settled(a, cleared.body.outcome_id)).status, 'completed', 'cleared on B: A does not hold it');
});
