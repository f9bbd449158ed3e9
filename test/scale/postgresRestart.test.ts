import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import test from 'ava';
import { postgresTest } from '../helpers/postgres.js';
import { eventually, startCluster } from './cluster.js';

/** `pg_ctlcluster <version> main <action>` for the one local cluster (as the operator does). */
function cluster(action: 'restart' | 'start'): void {
  const version = fs.readdirSync('/etc/postgresql')[0]!;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action], { stdio: 'ignore' });
}

// Restarting the machine's Postgres disturbs every other test using it: opt in with CREWD_TEST_PG_RESTART=1.
const enabled = process.env.CREWD_TEST_PG_RESTART === '1' && fs.existsSync('/etc/postgresql');
const title = 'Postgres restarted mid-run: every process reconnects by itself and every accepted outcome completes once';
const register = enabled ? postgresTest : (name: string, body: Parameters<typeof postgresTest>[1]) => test.skip(`${name} (set CREWD_TEST_PG_RESTART=1: it restarts this machine's Postgres)`, body);
register(
  title,
  async (t) => {
    const nodes = await startCluster(2, { CREWD_LOCAL_MODEL_DELAY_MS: '150' });
    t.teardown(async () => {
      try {
        cluster('start'); // whatever happened, leave Postgres running
      } catch {
        // already running
      }
      await nodes.close();
    });
    const [a, b] = nodes.nodes;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const deployed = await (i % 2 === 0 ? a! : b!).call('POST', '/v1/crews/writer/deploy', { body: { brief: `Survives a database restart ${i}.` } });
      t.is(deployed.status, 201);
      ids.push(deployed.body.outcome_id as string);
    }
    cluster('restart');
    // Both processes serve again without being restarted themselves.
    for (const node of [a!, b!]) {
      await eventually('the process answers again', async () => (await node.call('GET', '/readyz').catch(() => ({ status: 0 }))).status === 200, 60_000);
    }
    for (let i = 0; i < 4; i++) {
      const deployed = await eventually('a deploy is accepted', async () => {
        const answer = await (i % 2 === 0 ? a! : b!).call('POST', '/v1/crews/writer/deploy', { body: { brief: `Accepted after the restart ${i}.` } });
        return answer.status === 201 ? answer : undefined;
      });
      ids.push(deployed.body.outcome_id as string);
    }
    await eventually('every accepted outcome completed', async () => {
      const rows = await nodes.db('outcomes').whereIn('id', ids).select('status').catch(() => []);
      return rows.length === ids.length && rows.every((row) => row.status === 'completed');
    }, 120_000);
    const completions = (await nodes.db('events').whereIn('outcome_id', ids).andWhere({ kind: 'outcome.completed' }).select('outcome_id')) as Array<{ outcome_id: string }>;
    t.is(completions.length, ids.length, 'each completed exactly once');
    t.is(new Set(completions.map((row) => row.outcome_id)).size, ids.length);
  },
);
