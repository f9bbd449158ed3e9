import test, { type ExecutionContext } from 'ava';
import { scopes } from '../../../runtime/auth/scopes.js';
import { createPostgresDatabase, postgresTest } from '../../helpers/postgres.js';
import { startServer } from '../../helpers/server.js';

/**
 * The waiting-line cap (DESIGN section 5: `limit` running, up to 4 × `limit` waiting) for
 * simultaneous deploys on one process (issue 25, Must have 9): with concurrency 3, 40 deploys sent
 * at once used to be accepted 38 times. The several-process case is in test/scale/pausedPeers.test.ts.
 */
async function simultaneous(t: ExecutionContext, env: Record<string, string>): Promise<void> {
  // Slow stages: nothing deployed in the burst ends (and frees its place) before it is counted.
  const server = await startServer({ CREWD_LOCAL_MODEL_DELAY_MS: '1500', ...env });
  t.teardown(() => server.close());
  const runtime = server.runtime;
  const workspace = await runtime.workspaces.create({ name: 'line', plan: 'starter', credits: null, requestsPerMinute: 100_000, concurrentOutcomes: 3 });
  const { secret } = await runtime.keys.create({ workspaceId: workspace.id, name: 'line', permissions: [...scopes], expiresAt: null });

  const deploys = (count: number, label: string) =>
    Promise.all(Array.from({ length: count }, (_, i) => server.call('POST', '/v1/crews/writer/deploy', { key: secret, body: { brief: `${label} ${i}.` } })));
  const answers = await deploys(40, 'Simultaneous');
  const accepted = answers.filter((answer) => answer.status === 201).length;
  const refused = answers.filter((answer) => answer.status === 429);
  t.is(accepted + refused.length, 40, JSON.stringify(answers.find((answer) => answer.status !== 201 && answer.status !== 429)?.body));
  const ended = await runtime.repos.outcomes.countByStatus(workspace.id, ['completed', 'failed']);
  t.true(accepted <= 15 + ended, `at most 3 running and 12 waiting: ${accepted} accepted, ${ended} ended`);
  t.true(accepted >= 15, `the line fills: ${accepted} accepted`);
  t.is(refused[0]?.body.error.code, 'concurrency_limit_exceeded');
  t.truthy(refused[0]?.headers.get('retry-after'));

  // A batch is admitted by the same count: its starting entries do not fit any more.
  const batch = await server.call('POST', '/v1/crews/batch-deploy', { key: secret, body: { workflow_name: 'late', crews: [{ crew_id: 'writer', brief: 'One more outcome for the line.' }] } });
  t.is(batch.status, 429, JSON.stringify(batch.body));
}

test('the waiting-line cap holds for simultaneous deploys on one process (SQLite)', (t) => simultaneous(t, {}));

postgresTest('the waiting-line cap holds for simultaneous deploys on one process (Postgres)', async (t) => {
  const pg = await createPostgresDatabase();
  t.teardown(() => pg.drop());
  await simultaneous(t, { CREWD_DATABASE_URL: pg.url });
});
