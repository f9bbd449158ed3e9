import { randomBytes } from 'node:crypto';
import type { ExecutionContext } from 'ava';
import { manualClock } from '../../../runtime/clock.js';
import { createIdempotencyService } from '../../../runtime/idempotency/idempotencyService.js';
import { createCipher } from '../../../runtime/secrets/cipher.js';
import type { Db } from '../../../storage/db.js';
import { createRepositories } from '../../../storage/index.js';
import { migrateLatest } from '../../../storage/migrate.js';
import { onEveryDatabase } from '../../helpers/databases.js';
import { until } from '../../helpers/until.js';

async function setUp(db: Db) {
  await migrateLatest(db);
  const repos = createRepositories(db);
  const clock = manualClock('2026-03-01T00:00:00.000Z');
  const cipher = createCipher(randomBytes(32));
  const service = (owner: string, extra: { purgeEveryMs?: number } = {}) =>
    createIdempotencyService({ repo: repos.idempotency, cipher, clock, owner, leaseMs: 1_000, ...extra });
  return { repos, clock, service };
}

async function expiredKeysArePurged(t: ExecutionContext, db: Db) {
  const { repos, clock, service } = await setUp(db);
  const node = service('node_a', { purgeEveryMs: 20 });
  t.teardown(() => node.stop());
  const run = await node.begin('ws_1', 'old-key', 'f1');
  if (run.kind !== 'run') return t.fail('the first request runs');
  await run.finish(201, { ok: true });
  t.truthy(await repos.idempotency.get('ws_1', 'old-key'));
  node.start();
  clock.advance(25 * 60 * 60 * 1000); // past the 24 h
  await until(async () => (await repos.idempotency.get('ws_1', 'old-key')) === undefined, 'the periodic purge');
  t.is(await repos.idempotency.get('ws_1', 'old-key'), undefined);
}
onEveryDatabase('expired idempotency keys are purged periodically', expiredKeysArePurged);

async function leaseTakeOver(t: ExecutionContext, db: Db) {
  const { repos, clock, service } = await setUp(db);
  const crashed = service('node_crashed');
  const survivor = service('node_alive');
  const first = await crashed.begin('ws_1', 'k', 'same-body');
  t.is(first.kind, 'run');
  await t.throwsAsync(survivor.begin('ws_1', 'k', 'same-body'), { message: /still in progress/ }, 'while the lease holds: 409 in progress');
  await t.throwsAsync(survivor.begin('ws_1', 'k', 'another-body'), { message: /different request/ });
  clock.advance(1_001); // the crashed process renews nothing: its lease runs out
  const retry = await survivor.begin('ws_1', 'k', 'same-body');
  if (retry.kind !== 'run') return t.fail('the retry runs');
  // The lost owner can no longer answer for the key (fencing), the new one can.
  if (first.kind === 'run') await first.finish(201, { from: 'crashed' });
  await retry.finish(201, { from: 'survivor' });
  const replay = await survivor.begin('ws_1', 'k', 'same-body');
  t.deepEqual(replay, { kind: 'replay', status: 201, body: { from: 'survivor' } });
  const row = await repos.idempotency.get('ws_1', 'k');
  t.true(row!.response!.startsWith('v1.'), 'the stored answer is encrypted');
  t.false(row!.response!.includes('survivor'));
}
onEveryDatabase('an in-progress idempotency key whose lease ran out is taken over by the retry, and the lost owner cannot answer', leaseTakeOver);

async function fencedCommit(t: ExecutionContext, db: Db) {
  const { repos, clock, service } = await setUp(db);
  const paused = service('node_paused');
  const other = service('node_other');
  const first = await paused.begin('ws_1', 'fenced', 'same-body');
  if (first.kind !== 'run') return t.fail('the first request runs');
  const staleFence = await first.prepare({ kind: 'outcome', id: 'out_paused' }, 201, { outcome_id: 'out_paused' });
  clock.advance(1_001); // paused past its lease: the retry on another process takes the key over
  const retry = await other.begin('ws_1', 'fenced', 'same-body');
  if (retry.kind !== 'run') return t.fail('the retry runs');
  const fence = await retry.prepare({ kind: 'outcome', id: 'out_other' }, 201, { outcome_id: 'out_other' });
  t.is(await db.transaction((trx) => fence(trx)), undefined, "the holder's commit passes its fence");
  // The paused holder wakes and commits: its fence refuses, in its own transaction.
  const refused = await db.transaction((trx) => staleFence(trx));
  t.is((refused as { code?: string } | undefined)?.code, 'idempotency_conflict');
  t.deepEqual(await other.begin('ws_1', 'fenced', 'same-body'), { kind: 'replay', status: 201, body: { outcome_id: 'out_other' } }, 'sealed: replayed before finish');
  await retry.finish(201, { outcome_id: 'out_other', status: 'processing' });
  t.deepEqual(await paused.begin('ws_1', 'fenced', 'same-body'), { kind: 'replay', status: 201, body: { outcome_id: 'out_other', status: 'processing' } });
  // A sealed key is never taken over again, whatever its lease said.
  clock.advance(60_000);
  t.is((await other.begin('ws_1', 'fenced', 'same-body')).kind, 'replay');
  t.is((await repos.idempotency.get('ws_1', 'fenced'))!.status, 201);
}
onEveryDatabase('a claim taken over while its holder was paused fails its fence in the commit transaction; the new holder seals the key', fencedCommit);
