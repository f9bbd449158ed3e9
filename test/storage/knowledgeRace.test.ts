import { migrateLatest } from '../../storage/migrate.js';
import type { ChannelCheckpoint } from '../../storage/repositories/conversationCheckpoints.js';
import { knowledgeBaseRepository, type KnowledgeMessage } from '../../storage/repositories/knowledgeBase.js';
import { onEveryDatabase } from '../helpers/databases.js';

const now = '2026-11-22T00:00:00.000Z';

function message(workspace: string, seconds: number, text: string): KnowledgeMessage {
  return { workspace_id: workspace, team_id: 'T1', channel_id: 'C1', channel_name: 'eng', ts: `${seconds}.000000`, thread_ts: null, author: 'U1', text, posted_at: new Date(seconds * 1000).toISOString() };
}

function checkpoint(workspace: string): ChannelCheckpoint {
  return { workspace_id: workspace, team_id: 'T1', channel_id: 'C1', channel_name: 'eng', synced_ts: null, run_id: null, run_newest_ts: null, run_low_ts: null, run_done: true, last_synced_at: now, updated_at: now };
}

onEveryDatabase('a retrieval racing a write (sync page, legacy ingest, document) never hides what it stored from the next retrieval', async (t, db) => {
  await migrateLatest(db);
  const kb = knowledgeBaseRepository(db);
  const writes: Array<[string, (workspace: string) => Promise<unknown>]> = [
    ['sync page', (ws) => kb.storeSyncPage([message(ws, 1_763_000_000, 'The failover drill is at 14:00 UTC')], checkpoint(ws), now)],
    ['ingest', (ws) => kb.upsertMessages([message(ws, 1_763_000_100, 'The failover drill moved to Friday')], now)],
    ['document', (ws) => kb.upsertDocument(ws, 'runbook', 'The failover runbook lives in the wiki', now)],
  ];
  for (const [name, write] of writes) {
    for (let round = 0; round < 20; round++) {
      // A fresh workspace per round: retrievals before, alongside and after the write's commit.
      const ws = `ws_${name.replace(' ', '_')}_${round}`;
      const racing: Array<Promise<unknown>> = [];
      for (let i = 0; i < round % 5; i++) racing.push(kb.search(ws, 'failover', 5));
      racing.push(write(ws));
      for (let i = 0; i < 3; i++) racing.push(kb.search(ws, 'failover', 5));
      await Promise.all(racing);
      t.is((await kb.search(ws, 'failover', 5)).length, 1, `the ${name} of round ${round} is visible to the next retrieval`);
    }
  }
});
