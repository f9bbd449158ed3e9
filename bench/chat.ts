import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../runtime/config.js';
import { createRuntime } from '../app/createRuntime.js';
import { createLogger } from '../runtime/logger.js';
import { queryTerms, type KnowledgeMessage } from '../storage/repositories/knowledgeBase.js';
import { slackTs, startSlackFixture, type FixtureChannel } from '../test/fixtures/slackServer.js';

/** mulberry32: a small deterministic generator (the same corpus and queries on every run). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const domainWords = (
  'deploy payments service region review ticket incident database replica failover latency budget customer invoice release ' +
  'roadmap migration kubernetes cluster alert pager oncall dashboard metrics queue worker retry timeout cache index search ' +
  'design meeting notes decision owner deadline quarter hiring onboarding security audit token rotation backup restore ' +
  'storage bucket network firewall load balancer canary rollback feature flag experiment analytics funnel churn revenue ' +
  'support escalation contract renewal pricing discount partner integration webhook api schema version changelog'
).split(' ');
// Function words (most are stop words the search drops) and chat's everyday words, most frequent first.
const commonWords = (
  'the to a and i is it we for that on of this in be can you so have will not just are with but do at if my our was ' +
  'ok thanks yes need think know going get got now today tomorrow still also please sure looks good fix issue update ' +
  'check done next week team working test run build change'
).split(' ');

/**
 * A chat-like vocabulary with Zipf frequencies (rank r drawn with probability ~ 1/r): the common
 * words first, then the domain words interleaved with 3,000 generated ones. The commonest content
 * words are in a few percent of messages, most words in very few: the shape of real chat.
 */
function zipfVocabulary(random: () => number): () => string {
  const syllables = 'ka lo mi ren tus vo pel dar qui zen bro fal gim hot jun kev lup mor nix oba'.split(' ');
  const generated = new Set<string>();
  while (generated.size < 3000) generated.add(Array.from({ length: 2 + Math.floor(random() * 2) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  const rest = [...generated];
  const ranked = [...commonWords];
  for (let i = 0; i < rest.length; i++) {
    if (i % 20 === 0 && i / 20 < domainWords.length) ranked.push(domainWords[i / 20]!);
    ranked.push(rest[i]!);
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= ranked.length; rank++) cumulative.push((total += 1 / rank));
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return ranked[low]!;
  };
}

function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: at(50), p99: at(99) };
}

/**
 * The chat sync and the knowledge base, on the whole runtime (SQLite in a temp dir, the local
 * Slack Web API server of the tests on loopback):
 * - messages ingested per second by an initial sync of 50,000 messages (10 channels of 5,000, the
 *   per-channel maximum), from the first history call to the stored checkpoints (target: all in < 10 s);
 * - knowledge-base query p99 over those 50,000 messages, 1,000 queries of 3 to 8 search words
 *   (target < 10 ms). The corpus is chat-like: Zipf word frequencies over ~3,200 words, message
 *   lengths from 3 to 60 words (mean ~13); the query words follow the same frequencies, so the
 *   commonest words come up often;
 * - the same 1,000-query measure on the earlier stress corpus (every message drawn from 120 words,
 *   so every word is in ~10% of the messages), 50,000 messages in a second workspace: no target,
 *   it shows the cost of very common words.
 */
export async function benchChat(): Promise<Record<string, number | string>> {
  const random = generator(42);
  const word = zipfVocabulary(random);
  const length = () => Math.min(60, 3 + Math.floor(-Math.log(1 - random()) * 10));
  const sentence = (words: number) => Array.from({ length: words }, word).join(' ');
  const now = Math.floor(Date.now() / 1000);
  const channels: FixtureChannel[] = Array.from({ length: 10 }, (_, c) => ({
    id: `C0BENCH${c}`,
    name: `bench-${c}`,
    members: ['U1', 'UBOT'],
    messages: Array.from({ length: 5000 }, (_, i) => ({ ts: slackTs(now - 86_400 + i * 10, c), user: `U${i % 17}`, text: `${sentence(length())} #${i}` })),
  }));
  const fixture = await startSlackFixture({ teams: [{ teamId: 'TBENCH', teamName: 'bench', botUserId: 'UBOT', channels }], tokens: { 'xoxb-bench': { teamId: 'TBENCH' } } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-bench-chat-'));
  const config = loadConfig({ CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: 'crew_sk_benchchat0123456789abcd', CREWD_CHAT_API_URL: fixture.apiUrl, CREWD_LOG_LEVEL: 'silent', PORT: '0' });
  const runtime = await createRuntime(config, { logger: createLogger('silent') });
  try {
    const workspace = (await runtime.repos.workspaces.findByName('default'))!;
    // The chat plugin's endpoints, over loopback as a user calls them.
    const url = await runtime.listen(0, '127.0.0.1');
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${url}${route}`, { method, headers: { authorization: 'Bearer crew_sk_benchchat0123456789abcd', ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    await call('POST', '/api/chat/integrations/chat/configure', { access_token: 'xoxb-bench', team_id: 'TBENCH', configuration: { channels: channels.map((c) => c.id), maxMessagesPerChannel: 5000 } });
    const started = performance.now();
    await call('POST', '/api/chat/integrations/chat/sync', { team_id: 'TBENCH', initial_sync: true });
    await (await runtime.tools.pluginHost.context(workspace.id, 'chat')).runs!.settled('sync', 'TBENCH');
    const seconds = (performance.now() - started) / 1000;
    const stored = await runtime.repos.knowledgeBase.countMessages(workspace.id);
    const status = (await call('GET', '/api/chat/integrations/chat/status?team_id=TBENCH')) as { last_error: unknown };
    if (status.last_error) throw new Error(`sync failed: ${JSON.stringify(status.last_error)}`);

    const kb = runtime.knowledge;
    // Query words follow the corpus' frequencies; words the search drops (stop words) are redrawn.
    const searchWord = () => {
      for (;;) {
        const candidate = word();
        if (queryTerms(candidate).length > 0) return candidate;
      }
    };
    const timeQueries = async (workspaceId: string, query: (words: number) => string) => {
      // The sync's garbage is collected first, so its major GC does not land in the timings.
      (globalThis as { gc?: () => void }).gc?.();
      for (let i = 0; i < 50; i++) await kb.search(workspaceId, query(4), 5); // warm-up
      const times: number[] = [];
      for (let i = 0; i < 1000; i++) {
        const text = query(3 + (i % 6));
        const t0 = performance.now();
        await kb.search(workspaceId, text, 5);
        times.push(performance.now() - t0);
      }
      return percentiles(times);
    };
    const chatLike = await timeQueries(workspace.id, (words) => Array.from({ length: words }, searchWord).join(' '));

    // The stress corpus, in a workspace of its own (written directly, not synced).
    const stressRandom = generator(7);
    const pick = () => domainWords[Math.floor(stressRandom() * domainWords.length)]!;
    const stressSentence = (words: number) => Array.from({ length: words }, pick).join(' ');
    const stressRows: KnowledgeMessage[] = Array.from({ length: 50_000 }, (_, i) => ({
      workspace_id: 'ws_bench_stress',
      team_id: 'TSTRESS',
      channel_id: `C${i % 10}`,
      channel_name: `stress-${i % 10}`,
      ts: slackTs(now - 86_400 + i, 0),
      thread_ts: null,
      author: 'U1',
      text: `${stressSentence(8 + (i % 12))} #${i}`,
      posted_at: new Date((now - 86_400 + i) * 1000).toISOString(),
    }));
    await runtime.repos.knowledgeBase.upsertMessages(stressRows, new Date().toISOString());
    const stress = await timeQueries('ws_bench_stress', stressSentence);
    return {
      'sync: messages stored': stored,
      'sync: seconds for all (target < 10)': seconds.toFixed(2),
      'sync: messages ingested per second': Math.round(stored / seconds),
      'sync: chat API calls': fixture.calls.length,
      'knowledge base query p50 ms (50,000 messages)': chatLike.p50.toFixed(2),
      'knowledge base query p99 ms (target < 10)': chatLike.p99.toFixed(2),
      'stress corpus (120 words) query p50 ms, no target': stress.p50.toFixed(2),
      'stress corpus (120 words) query p99 ms, no target': stress.p99.toFixed(2),
    };
  } finally {
    await runtime.close();
    await fixture.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
