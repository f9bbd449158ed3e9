import type { ExecutionContext } from 'ava';
import test from 'ava';
import { createPolicyLoader } from '../../../runtime/approvals/policyLoader.js';
import type { Db } from '../../../storage/db.js';
import { createRepositories } from '../../../storage/index.js';
import { migrateLatest } from '../../../storage/migrate.js';
import { onEveryDatabase } from '../../helpers/databases.js';

/**
 * The deploys' policy reads (issue 30): the policies asked for in one turn are one read, each
 * caller gets its own workspace's policy (null where none is set) with its version; a kept policy
 * is not read again, every write of a policy moves its version, and after `forget` the next ask
 * reads the changed one.
 */
async function exercise(t: ExecutionContext, db: Db) {
  await migrateLatest(db);
  const repos = createRepositories(db);
  for (const id of ['ws_1', 'ws_2', 'ws_3']) {
    await repos.workspaces.insert({ id, name: id, plan: 'starter', credits_remaining: null, requests_per_minute: 60, concurrent_outcomes: 3, created_at: 'T' });
  }
  await repos.approvals.setPolicy('ws_1', { before_completion: true }, 'T');
  await repos.approvals.setPolicy('ws_2', { before_integrations: true, expires_in_hours: 4 }, 'T');

  let reads = 0;
  const loader = createPolicyLoader({ policies: (ids) => ((reads += 1), repos.approvals.policies(ids)) });
  const asked = ['ws_1', 'ws_2', 'ws_3', 'ws_1', 'ws_1'];
  const policies = await Promise.all(asked.map((id) => loader.load(id)));
  t.is(reads, 1, 'one read for the turn');
  t.deepEqual(
    policies.map((read) => read.policy),
    await Promise.all(asked.map((id) => repos.approvals.policy(id))),
    'each as its single read',
  );
  t.deepEqual(policies[0], { policy: { before_completion: true }, version: 1 });
  t.deepEqual(policies[2], { policy: null, version: 0 });

  await repos.approvals.setPolicy('ws_3', { before_completion: true }, 'T2');
  t.deepEqual(await loader.load('ws_3'), { policy: null, version: 0 }, 'kept: no read');
  t.is(reads, 1);
  loader.forget('ws_3');
  t.deepEqual(await loader.load('ws_3'), { policy: { before_completion: true }, version: 1 }, 'after forget, the changed policy');
  t.is(reads, 2);

  await repos.approvals.clearPolicy('ws_3');
  loader.forget('ws_3');
  t.deepEqual(await loader.load('ws_3'), { policy: null, version: 2 }, 'clearing is a write too');
}

onEveryDatabase('workspace policies are read together per turn, kept with their version, and read again after forget', exercise);

test('a failed read rejects every caller of its turn, and the next turn reads again', async (t) => {
  let fail = true;
  const loader = createPolicyLoader({
    policies: async (ids) => {
      if (fail) throw new Error('database gone');
      return new Map(ids.map((id) => [id, { policy: { owner: id }, version: 3 }]));
    },
  });
  const settled = await Promise.allSettled([loader.load('ws_1'), loader.load('ws_2')]);
  t.deepEqual(settled.map((result) => result.status), ['rejected', 'rejected']);
  fail = false;
  t.deepEqual(await loader.load('ws_2'), { policy: { owner: 'ws_2' }, version: 3 });
});
