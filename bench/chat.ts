import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../runtime/config.js';
import { createRuntime } from '../runtime/createRuntime.js';
import { createLogger } from '../runtime/logger.js';
import { slackTs, startSlackFixture, type FixtureChannel } from '../test/fixtures/slackServer.js';

/**
 * The chat sync and the knowledge base, on the whole runtime (SQLite in a temp dir, the local
 * Slack Web API server of the tests on loopback):
 * - messages ingested per second by an initial sync of 50,000 messages (10 channels of 5,000, the
 *   per-channel maximum), from the first history call to the stored checkpoints (target: all in < 10 s);
 * - knowledge-base query p99 over those 50,000 messages, 1,000 queries of 3 to 8 words (target < 10 ms).
 */
export async function benchChat(): Promise<Record<string, number | string>> {
  const words = (
    'deploy payments service region review ticket incident database replica failover latency budget customer invoice release ' +
    'roadmap migration kubernetes cluster alert pager oncall dashboard metrics queue worker retry timeout cache index search ' +
    'design meeting notes decision owner deadline quarter hiring onboarding security audit token rotation backup restore ' +
    'storage bucket network firewall load balancer canary rollback feature flag experiment analytics funnel churn revenue ' +
    'support escalation contract renewal pricing discount partner integration webhook api schema version changelog'
  ).split(' ');
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const sentence = (length: number) => Array.from({ length }, () => words[Math.floor(random() * words.length)]).join(' ');
  const now = Math.floor(Date.now() / 1000);
  const channels: FixtureChannel[] = Array.from({ length: 10 }, (_, c) => ({
    id: `C0BENCH${c}`,
    name: `bench-${c}`,
    members: ['U1', 'UBOT'],
    messages: Array.from({ length: 5000 }, (_, i) => ({ ts: slackTs(now - 86_400 + i * 10, c), user: `U${i % 17}`, text: `${sentence(8 + (i % 12))} #${i}` })),
  }));
  const fixture = await startSlackFixture({ teams: [{ teamId: 'TBENCH', teamName: 'bench', botUserId: 'UBOT', channels }], tokens: { 'xoxb-bench': { teamId: 'TBENCH' } } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-chat-'));
  const config = loadConfig({ CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: 'crew_sk_benchchat0123456789abcd', CREWD_CHAT_API_URL: fixture.apiUrl, CREWD_LOG_LEVEL: 'silent', PORT: '0' });
  const runtime = await createRuntime(config, { logger: createLogger('silent') });
  try {
    const workspace = (await runtime.repos.workspaces.findByName('default'))!;
    await runtime.chat.service.configure(workspace.id, { access_token: 'xoxb-bench', team_id: 'TBENCH', configuration: { channels: channels.map((c) => c.id), maxMessagesPerChannel: 5000 } });
    const started = performance.now();
    await runtime.chat.host.requestSync(workspace.id, 'TBENCH', true);
    await runtime.chat.host.settled(workspace.id, 'TBENCH');
    const seconds = (performance.now() - started) / 1000;
    const stored = await runtime.repos.knowledgeBase.countMessages(workspace.id);
    const status = await runtime.chat.service.status(workspace.id, 'TBENCH');
    if (status.last_error) throw new Error(`sync failed: ${JSON.stringify(status.last_error)}`);

    const kb = runtime.chat.knowledgeBase;
    for (let i = 0; i < 50; i++) await kb.search(workspace.id, sentence(4), 5); // warm-up
    const times: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const query = sentence(3 + (i % 6));
      const t0 = performance.now();
      await kb.search(workspace.id, query, 5);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
    return {
      'sync: messages stored': stored,
      'sync: seconds for all (target < 10)': seconds.toFixed(2),
      'sync: messages ingested per second': Math.round(stored / seconds),
      'sync: chat API calls': fixture.calls.length,
      'knowledge base query p50 ms (50,000 messages)': pct(50).toFixed(2),
      'knowledge base query p99 ms (target < 10)': pct(99).toFixed(2),
    };
  } finally {
    await runtime.close();
    await fixture.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
