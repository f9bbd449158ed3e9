import { migrateLatest } from '../../storage/migrate.js';
import { migrationSource } from '../../storage/migrations/index.js';
import { knowledgeBaseRepository, type KnowledgeMessage } from '../../storage/repositories/knowledgeBase.js';
import { onEveryDatabase } from '../helpers/databases.js';

const now = '2026-11-22T00:00:00.000Z';

function message(workspace: string, channel: string, seconds: number, text: string, extra: Partial<KnowledgeMessage> = {}): KnowledgeMessage {
  const ts = `${seconds}.000000`;
  return { workspace_id: workspace, team_id: 'T1', channel_id: channel, channel_name: channel === 'C1' ? 'eng' : 'ops', ts, thread_ts: null, author: 'U1', text, posted_at: new Date(seconds * 1000).toISOString(), ...extra };
}

onEveryDatabase('the knowledge base ranks the message that matches the query first and never shows another workspace', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  await kb.upsertMessages(
    [
      message('ws_a', 'C1', 1_763_000_000, 'The Postgres failover drill is scheduled for Thursday; replicas lag under 2 seconds'),
      message('ws_a', 'C1', 1_763_000_100, 'Lunch is at noon'),
      message('ws_a', 'C2', 1_763_000_200, 'Deploys are frozen during the failover drill'),
      message('ws_b', 'C1', 1_763_000_300, 'Secret failover plan of workspace B'),
    ],
    now,
  );
  const hits = await kb.search('ws_a', 'When is the Postgres failover drill?', 5);
  t.is(hits.length, 2);
  t.regex(hits[0]!.text, /Postgres failover drill/);
  t.is(hits[0]!.channel_name, 'eng');
  t.false(hits.some((hit) => hit.text.includes('workspace B')));
  t.deepEqual(await kb.search('ws_a', 'the of and', 5), []);
});

onEveryDatabase('a message synced twice is stored once and its edited text replaces the old one', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  await kb.upsertMessages([message('ws_a', 'C1', 1_763_000_000, 'first draft about kubernetes')], now);
  await kb.upsertMessages([message('ws_a', 'C1', 1_763_000_000, 'edited text about terraform')], now);
  t.is(await kb.countMessages('ws_a'), 1);
  t.deepEqual(await kb.search('ws_a', 'kubernetes', 5), []);
  t.is((await kb.search('ws_a', 'terraform', 5)).length, 1);
});

onEveryDatabase('caps keep the newest messages per channel and per workspace; retention and purge delete', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  const rows = Array.from({ length: 30 }, (_, i) => message('ws_a', i % 2 === 0 ? 'C1' : 'C2', 1_763_000_000 + i * 86_400, `note number ${i}`));
  await kb.upsertMessages(rows, now);
  await kb.trimChannel('ws_a', 'T1', 'C1', 10);
  const counts = await kb.channelCounts('ws_a', 'T1');
  t.deepEqual(counts.map((c) => [c.channel_id, c.message_count]).sort(), [['C1', 10], ['C2', 15]]);
  t.is(counts.find((c) => c.channel_id === 'C1')!.newest_ts, `${1_763_000_000 + 28 * 86_400}.000000`);
  await kb.trimWorkspace('ws_a', 20);
  t.is(await kb.countMessages('ws_a'), 20);
  const deleted = await kb.deleteOlderThan('ws_a', 'T1', new Date((1_763_000_000 + 20 * 86_400) * 1000).toISOString());
  t.true(deleted > 0);
  t.is((await kb.recentMessages('ws_a', 'T1', 'C1', 100)).every((m) => m.posted_at >= new Date((1_763_000_000 + 20 * 86_400) * 1000).toISOString()), true);
  await kb.purgeTeam('ws_a', 'T1');
  t.is(await kb.countMessages('ws_a'), 0);
  t.deepEqual(await kb.search('ws_a', 'note', 5), []);
});

onEveryDatabase('documents are resolved by name and found by search', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  await kb.upsertDocument('ws_a', 'Q3 Roadmap', 'Ship the billing rewrite in September', now);
  const docs = await kb.documentsByName('ws_a', ['q3 roadmap', 'missing']);
  t.deepEqual(docs.map((d) => d.name), ['Q3 Roadmap']);
  t.deepEqual(await kb.documentsByName('ws_b', ['Q3 Roadmap']), []);
  const hits = await kb.search('ws_a', 'billing rewrite', 3);
  t.is(hits[0]!.kind, 'document');
});

onEveryDatabase('threads with recent activity are listed for a re-check', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  await kb.upsertMessages(
    [
      message('ws_a', 'C1', 1_763_000_000, 'old parent', { thread_ts: '1763000000.000000' }),
      message('ws_a', 'C1', 1_763_500_000, 'recent reply', { thread_ts: '1763000000.000000' }),
      message('ws_a', 'C1', 1_762_000_000, 'stale parent', { thread_ts: '1762000000.000000' }),
    ],
    now,
  );
  t.deepEqual(await kb.activeThreads('ws_a', 'T1', 'C1', '1763400000.000000'), ['1763000000.000000']);
});

onEveryDatabase('search reads only its own workspace, however many better and newer matches another workspace holds', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  await kb.upsertMessages([message('ws_a', 'C1', 1_763_000_000, 'Quarterly invoice run moved to the new billing cluster'), message('ws_a', 'C1', 1_763_000_100, 'The invoice template changed')], now);
  // More matching messages than a search ranks, all newer and all matching every word.
  const crowd = Array.from({ length: 450 }, (_, i) => message('ws_b', 'C1', 1_763_100_000 + i, `invoice billing cluster invoice billing cluster note ${i}`));
  await kb.upsertMessages(crowd, now);
  const hits = await kb.search('ws_a', 'invoice billing cluster', 5);
  t.deepEqual(
    hits.map((hit) => hit.text),
    ['Quarterly invoice run moved to the new billing cluster', 'The invoice template changed'],
    'both of its own messages, the one with every word first',
  );
  const other = await kb.search('ws_b', 'quarterly invoice run', 500);
  t.true(other.length > 0);
  t.false(other.some((hit) => hit.text.startsWith('Quarterly')), 'and the other workspace never sees them either');
});

onEveryDatabase('an old message with every word of the query comes before newer messages with only some of them', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  await kb.upsertMessages([message('ws_a', 'C1', 1_762_000_000, 'Decision: the payments failover drill runs in eu-west')], now);
  // Newer messages, more than a search ranks, each with one of the words.
  const words = ['payments', 'failover', 'drill'];
  await kb.upsertMessages(Array.from({ length: 600 }, (_, i) => message('ws_a', 'C2', 1_763_000_000 + i, `status ${words[i % 3]} update ${i}`)), now);
  const hits = await kb.search('ws_a', 'payments failover drill', 5);
  t.is(hits.length, 5);
  t.regex(hits[0]!.text, /^Decision: the payments failover drill/);
  t.true(hits.slice(1).every((hit) => hit.text.startsWith('status ')));
  t.true(hits.every((hit, i) => i === 0 || hit.score <= hits[i - 1]!.score), 'best first');
});

onEveryDatabase('a database with messages indexed before migration 010 upgrades in place and still finds them', async (t, db) => {
  const config = { migrationSource: migrationSource(), tableName: 'crewd_migrations' };
  for (;;) {
    const [, ran] = (await db.migrate.up(config)) as [number, string[]];
    if (ran.includes('009_outcomes_v2') || ran.length === 0) break;
  }
  const kb = knowledgeBaseRepository(db);
  await db('knowledge_entries').insert([
    { workspace_id: 'ws_a', kind: 'message', source_key: 'T1:C1:1', team_id: 'T1', channel_id: 'C1', channel_name: 'eng', ts: '1.000000', title: '', text: 'Canary rollout of the search service starts Monday', posted_at: now, created_at: now },
    { workspace_id: 'ws_b', kind: 'message', source_key: 'T1:C1:1', team_id: 'T1', channel_id: 'C1', channel_name: 'eng', ts: '1.000000', title: '', text: 'Canary rollout of workspace B', posted_at: now, created_at: now },
    { workspace_id: 'ws_a', kind: 'document', source_key: 'Runbook', title: 'Runbook', text: 'Rollback steps', posted_at: now, created_at: now },
  ]);
  t.is((await migrateLatest(db))[0], '010_knowledge_fts');
  t.deepEqual((await kb.search('ws_a', 'canary rollout', 5)).map((hit) => hit.text), ['Canary rollout of the search service starts Monday']);
  t.is((await kb.search('ws_a', 'runbook', 5))[0]!.kind, 'document', 'a document is found by its name');
  // Entries written after the upgrade, and their deletion, keep the new index in step.
  await kb.upsertMessages([message('ws_a', 'C1', 1_763_000_000, 'Canary rollout paused')], now);
  t.is((await kb.search('ws_a', 'canary rollout', 5)).length, 2);
  await kb.purgeTeam('ws_a', 'T1');
  t.deepEqual(await kb.search('ws_a', 'canary rollout', 5), []);
  t.is((await kb.search('ws_b', 'canary rollout', 5)).length, 1);
});

onEveryDatabase('a workspace searched while empty finds what is stored in it afterwards, documents and synced pages alike', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  t.deepEqual(await kb.search('ws_new', 'failover drill', 5), []);
  t.deepEqual(await kb.search('ws_new', 'failover drill', 5), []);
  await kb.upsertMessages([message('ws_new', 'C1', 1_763_000_000, 'The failover drill moved to Friday')], now);
  t.is((await kb.search('ws_new', 'failover drill', 5)).length, 1);

  t.deepEqual(await kb.search('ws_docs', 'pricing', 5), []);
  await kb.upsertDocument('ws_docs', 'pricing.md', 'Enterprise pricing starts at 40 seats', now);
  t.is((await kb.search('ws_docs', 'pricing', 5))[0]?.title, 'pricing.md');

  t.deepEqual(await kb.search('ws_page', 'canary', 5), []);
  await kb.storeSyncPage([message('ws_page', 'C1', 1_763_000_000, 'Canary release at 10:00')], { workspace_id: 'ws_page', team_id: 'T1', channel_id: 'C1', channel_name: 'eng', synced_ts: null, run_id: 'run_1', run_newest_ts: '1763000000.000000', run_low_ts: '1763000000.000000', run_done: false, last_synced_at: null, updated_at: now }, now);
  t.is((await kb.search('ws_page', 'canary', 5)).length, 1);
});

onEveryDatabase('a search that finds matches is one statement, and ties with the last kept match are ranked newest first', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  await kb.upsertMessages(
    Array.from({ length: 8 }, (_, i) => message('ws_a', 'C1', 1_763_000_000 + i * 60, `release checklist item ${i}`)),
    now,
  );
  let statements = 0;
  const count = () => (statements += 1);
  db.on('query', count);
  const hits = await kb.search('ws_a', 'What is on the release checklist?', 3);
  t.is(statements, 1);
  db.off('query', count);
  // Eight equal scores: the three newest are kept.
  t.deepEqual(hits.map((hit) => hit.text), ['release checklist item 7', 'release checklist item 6', 'release checklist item 5']);
});

onEveryDatabase('many stages searching an empty workspace at once (a start, a restore) ask the database once, and all find nothing; a write afterwards is found', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  let statements = 0;
  const count = () => (statements += 1);
  db.on('query', count);
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => kb.search('ws_fresh', `launch plan ${i}`, 5)));
  db.off('query', count);
  t.true(results.every((hits) => hits.length === 0));
  // SQLite: one search and one emptiness check, then the memo; Postgres has no memo (other nodes write).
  if (db.client.config.client === 'pg') t.is(statements, 50);
  else t.true(statements <= 2, `${statements} statements for 50 searches`);
  await kb.upsertDocument('ws_fresh', 'launch plan.md', 'The launch plan: beta on Monday', now);
  t.is((await kb.search('ws_fresh', 'launch plan', 5)).length, 1);
});
