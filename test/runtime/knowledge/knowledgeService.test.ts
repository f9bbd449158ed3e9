import { migrateLatest } from '../../../storage/migrate.js';
import type { ConversationCheckpoint, ConversationMessage } from '../../../plugins/contract.js';
import { conversationCheckpointsRepository } from '../../../storage/repositories/conversationCheckpoints.js';
import { knowledgeBaseRepository } from '../../../storage/repositories/knowledgeBase.js';
import { manualClock } from '../../../runtime/clock.js';
import { createKnowledgeService } from '../../../runtime/knowledge/knowledgeService.js';
import { onEveryDatabase } from '../../helpers/databases.js';

function message(seconds: number, text: string, channel = 'C1'): ConversationMessage {
  return { source_id: 'T1', channel_id: channel, channel_name: 'eng', ts: `${seconds}.000000`, thread_ts: null, author: 'U1', text, posted_at: new Date(seconds * 1000).toISOString() };
}

function checkpoint(lowTs: string): ConversationCheckpoint {
  return { source_id: 'T1', channel_id: 'C1', channel_name: 'eng', synced_ts: null, run_id: 'run_1', run_newest_ts: '1763000100.000000', run_low_ts: lowTs, run_done: false, last_synced_at: null, updated_at: '2026-11-22T00:00:00.000Z' };
}

onEveryDatabase("the knowledge service hands a plugin its workspace's knowledge: conversations stored with their checkpoint, searched, retained, purged, never another workspace's", async (t, db) => {
  await migrateLatest(db);
  const clock = manualClock('2026-11-22T00:00:00.000Z');
  const knowledge = createKnowledgeService({ repo: knowledgeBaseRepository(db), checkpoints: conversationCheckpointsRepository(db), clock });
  const a = knowledge.forWorkspace('ws_a');
  const b = knowledge.forWorkspace('ws_b');
  await a.conversations!.storePage([message(1_763_000_100, 'The Postgres failover drill is on Thursday'), message(1_763_000_000, 'Lunch is at noon')], checkpoint('1763000000.000000'));
  await b.conversations!.store([message(1_763_000_050, 'Workspace B plans its own failover drill')]);
  t.like(await a.conversations!.checkpoint('T1', 'C1'), { source_id: 'T1', run_id: 'run_1', run_low_ts: '1763000000.000000' }, 'the checkpoint was stored with the page');
  t.is(await b.conversations!.checkpoint('T1', 'C1'), undefined, "another workspace's checkpoint is not seen");
  const hits = await a.search('When is the failover drill?');
  t.is(hits.length, 1);
  t.like(hits[0], { source: '#eng', metadata: { date: '2025-11-13T02:15:00.000Z' } });
  t.regex(hits[0]!.text, /Thursday/);
  t.deepEqual(await a.conversations!.channelCounts('T1'), [{ channel_id: 'C1', channel_name: 'eng', message_count: 2 }]);
  t.is(await a.conversations!.countSince('T1', 'C1', '1763000050.000000'), 1);
  // Documents ride beside the messages and are found by the stages' search too.
  await a.upsert([{ id: 'Runbook', text: 'Failover runbook: promote the replica', source: 'runbook' }]);
  t.deepEqual((await knowledge.resolveDocuments('ws_a', ['runbook'])).map((doc) => doc.source), ['Runbook']);
  // Retention: the message posted before the cutoff goes, the newer one stays.
  t.is(await a.conversations!.enforceLimits('T1', new Date(1_763_000_050 * 1000).toISOString()), 1);
  t.deepEqual(await a.conversations!.channelCounts('T1'), [{ channel_id: 'C1', channel_name: 'eng', message_count: 1 }]);
  t.is(await a.conversations!.purge('T1'), 1);
  t.deepEqual(await a.conversations!.channelCounts('T1'), []);
  t.is((await b.search('failover drill')).length, 1, "purging one workspace's source leaves the other's");
});
