import test from 'ava';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Plugin, PluginContext } from '../../plugins/contract.js';
import { builtInPlugins } from '../../plugins/index.js';
import { createGuardedFetch } from '../../runtime/tools/guardedFetch.js';
import { startVendorServer } from '../fixtures/vendorServer.js';
import { memoryKv } from '../helpers/pluginKv.js';

type Vendor = Awaited<ReturnType<typeof startVendorServer>>;

interface Case {
  plugin: string;
  settings: (url: string) => Record<string, unknown>;
  secrets: (token: string) => Record<string, string>;
  flagTool: string;
  created: string;
  link: 'post_url' | 'file_url';
  linkPattern: RegExp;
  read: { tool: string; args: Record<string, unknown>; check: (structured: any) => boolean };
}

const cases: Case[] = [
  { plugin: 'network', settings: (url) => ({ author_urn: 'urn:li:person:abc', base_url: url }), secrets: (token) => ({ access_token: token }), flagTool: 'network_publish_post', created: 'linkedin', link: 'post_url', linkPattern: /^https:\/\/www\.linkedin\.com\/feed\/update\/urn%3Ali%3Ashare%3A\d+\/$/, read: { tool: 'network_post_stats', args: { post_urn: 'urn:li:share:1' }, check: (s) => s.engagement.likes === 7 && s.engagement.comments === 2 } },
  { plugin: 'cms', settings: (url) => ({ base_url: url, username: 'editor' }), secrets: (token) => ({ application_password: token }), flagTool: 'cms_publish_post', created: 'wordpress', link: 'post_url', linkPattern: /\/\?p=\d+$/, read: { tool: 'cms_list_categories', args: {}, check: (s) => s.categories[0].name === 'Uncategorized' } },
  { plugin: 'drive', settings: (url) => ({ provider: 'google', base_url: url, folder_id: 'fold1' }), secrets: (token) => ({ access_token: token }), flagTool: 'drive_save_document', created: 'drive', link: 'file_url', linkPattern: /^https:\/\/docs\.google\.com\/document\/d\/drv\d+\/edit$/, read: { tool: 'drive_search_documents', args: { query: 'anything' }, check: (s) => Array.isArray(s.results) } },
  { plugin: 'notes', settings: (url) => ({ provider: 'notion', base_url: url, parent_page_id: '0123456789abcdef0123456789abcdef' }), secrets: (token) => ({ access_token: token }), flagTool: 'notes_save_page', created: 'notion', link: 'file_url', linkPattern: /^https:\/\/www\.notion\.so\/[0-9a-f]+$/, read: { tool: 'notes_search_pages', args: { query: 'x' }, check: (s) => Array.isArray(s.results) } },
  { plugin: 'work', settings: (url) => ({ workspace_gid: '1100', project_gid: '1200', base_url: url }), secrets: (token) => ({ access_token: token }), flagTool: 'work_create_tasks', created: 'asana', link: 'post_url', linkPattern: /^https:\/\/app\.asana\.com\/0\/1200\/\d+$/, read: { tool: 'work_list_projects', args: {}, check: (s) => s.projects[0].name === 'Operations' } },
  { plugin: 'tracker', settings: (url) => ({ base_url: url, project_key: 'ENG', email: 'ops@example.com' }), secrets: (token) => ({ api_token: token }), flagTool: 'tracker_create_issues', created: 'jira', link: 'post_url', linkPattern: /\/browse\/ENG-\d+$/, read: { tool: 'tracker_search_issues', args: {}, check: (s) => Array.isArray(s.issues) } },
  { plugin: 'planner', settings: (url) => ({ team_id: 'team-1', base_url: url }), secrets: (token) => ({ api_key: token }), flagTool: 'planner_create_issues', created: 'linear', link: 'post_url', linkPattern: /^https:\/\/linear\.app\/acme\/issue\/ENG-\d+$/, read: { tool: 'planner_list_teams', args: {}, check: (s) => s.teams[0].key === 'ENG' } },
  { plugin: 'wiki', settings: (url) => ({ provider: 'confluence', base_url: url, space_id: '42', email: 'ops@example.com' }), secrets: (token) => ({ api_token: token }), flagTool: 'wiki_save_article', created: 'confluence', link: 'file_url', linkPattern: /\/wiki\/spaces\/ENG\/pages\/\d+$/, read: { tool: 'wiki_search_articles', args: { query: 'launch' }, check: (s) => Array.isArray(s.results) } },
];

const guarded = createGuardedFetch({ allowPrivate: true });
test.after.always(() => guarded.close());

async function connect(t: { teardown(fn: () => unknown): void }, plugin: Plugin, context: PluginContext) {
  const server = await plugin.register(context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(clientSide);
  t.teardown(() => client.close());
  return client;
}

function contextFor(vendor: Vendor, c: Case, overrides: Partial<PluginContext> = {}): PluginContext {
  return {
    workspaceId: 'ws',
    settings: c.settings(vendor.url),
    secrets: c.secrets(vendor.token),
    logger: { debug() {}, info() {}, warn() {}, error() {} },
    clock: { now: () => new Date() },
    kv: memoryKv(),
    fetch: guarded,
    dataDir: '/tmp',
    apiUrls: {},
    ...overrides,
  };
}

const plugins = new Map(builtInPlugins().map((plugin) => [plugin.manifest.id, plugin]));
const input = (key: string) => ({ outcome_id: 'out_1', crew: 'writer', stage: 'publishing', flag: 'f', flag_value: true, title: 'Launch notes', content: '# Launch\n\nWe ship on Monday.', idempotency_key: key });

for (const c of cases) {
  const plugin = plugins.get(c.plugin)!;

  test(`${c.plugin}: the flag tool creates one object and answers its link; a replay creates nothing`, async (t) => {
    const vendor = await startVendorServer();
    t.teardown(() => vendor.close());
    const client = await connect(t, plugin, contextFor(vendor, c));
    const first = await client.callTool({ name: c.flagTool, arguments: input('k1') });
    t.falsy(first.isError, JSON.stringify(first.content));
    const result = first.structuredContent as Record<string, string>;
    t.is(result.status, 'success');
    t.regex(result[c.link]!, c.linkPattern);
    const again = await client.callTool({ name: c.flagTool, arguments: input('k1') });
    t.is((again.structuredContent as Record<string, string>)[c.link], result[c.link]);
    t.is(vendor.created(c.created).length, 1);
  });

  // Issue 25: the runner's key names the stage attempt; the object is keyed by outcome and flag.
  test(`${c.plugin}: a retry of the stage (the next attempt's key) finds the first run's object instead of creating another`, async (t) => {
    const vendor = await startVendorServer();
    t.teardown(() => vendor.close());
    const client = await connect(t, plugin, contextFor(vendor, c));
    const first = await client.callTool({ name: c.flagTool, arguments: input('out_1:publishing:1:x') });
    t.falsy(first.isError, JSON.stringify(first.content));
    const retried = await client.callTool({ name: c.flagTool, arguments: input('out_1:publishing:2:x') });
    t.falsy(retried.isError, JSON.stringify(retried.content));
    t.is((retried.structuredContent as Record<string, string>)[c.link], (first.structuredContent as Record<string, string>)[c.link]);
    t.is(vendor.created(c.created).length, 1);
  });

  test(`${c.plugin}: a read tool answers structured content matching its output schema`, async (t) => {
    const vendor = await startVendorServer();
    t.teardown(() => vendor.close());
    const client = await connect(t, plugin, contextFor(vendor, c));
    const listed = (await client.listTools()).tools.find((tool) => tool.name === c.read.tool)!;
    t.truthy(listed.outputSchema, 'read tools declare an output schema');
    const answer = await client.callTool({ name: c.read.tool, arguments: c.read.args });
    t.falsy(answer.isError, JSON.stringify(answer.content));
    t.true(c.read.check(answer.structuredContent), JSON.stringify(answer.structuredContent));
  });

  test(`${c.plugin}: an auth failure is auth_required; a 429 is retryable with its Retry-After`, async (t) => {
    const vendor = await startVendorServer();
    t.teardown(() => vendor.close());
    const bad = await connect(t, plugin, contextFor(vendor, c, { secrets: c.secrets('wrong') }));
    const denied = await bad.callTool({ name: c.flagTool, arguments: input('k-auth') });
    t.true(denied.isError);
    t.like(denied.structuredContent, { status: 'failed', error_code: 'auth_required', retryable: false });

    const client = await connect(t, plugin, contextFor(vendor, c));
    vendor.failNext(429, { 'retry-after': '3' }, 5);
    const limited = await client.callTool({ name: c.flagTool, arguments: input('k-429') });
    t.like(limited.structuredContent, { error_code: 'rate_limited', retryable: true, retry_after_ms: 3000 });
  });

  test(`${c.plugin}: a transient 5xx is retryable`, async (t) => {
    const vendor = await startVendorServer();
    t.teardown(() => vendor.close());
    const client = await connect(t, plugin, contextFor(vendor, c));
    vendor.failNext(503, {}, 5);
    const down = await client.callTool({ name: c.flagTool, arguments: input('k-5xx') });
    t.like(down.structuredContent, { error_code: 'vendor_unavailable', retryable: true });
  });

  test(`${c.plugin}: a crash between the vendor call and its record creates one object, not two`, async (t) => {
    const vendor = await startVendorServer();
    t.teardown(() => vendor.close());
    const kv = memoryKv();
    // The first call's "done" record is lost, as when the process stops right after the vendor answered.
    let crashed = false;
    const crashingKv = { ...kv, set: async (key: string, value: unknown) => {
      if (!crashed && (value as { state?: string }).state === 'done') {
        crashed = true;
        throw new Error('process stopped');
      }
      return kv.set(key, value);
    } };
    const first = await connect(t, plugin, contextFor(vendor, c, { kv: crashingKv }));
    await first.callTool({ name: c.flagTool, arguments: input('k-crash') });
    const restarted = await connect(t, plugin, contextFor(vendor, c, { kv }));
    const replay = await restarted.callTool({ name: c.flagTool, arguments: input('k-crash') });
    t.falsy(replay.isError, JSON.stringify(replay.content));
    t.is(vendor.created(c.created).length, 1);
  });
}

test('analytics: run_report answers rows keyed by dimension and metric; a bad token is auth_required', async (t) => {
  const vendor = await startVendorServer();
  t.teardown(() => vendor.close());
  const c = { settings: () => ({ property_id: '123', base_url: vendor.url }), secrets: (token: string) => ({ access_token: token }) } as unknown as Case;
  const client = await connect(t, plugins.get('analytics')!, contextFor(vendor, c));
  const report = await client.callTool({ name: 'analytics_run_report', arguments: { metrics: ['sessions'], dimensions: ['sessionDefaultChannelGroup'] } });
  t.deepEqual(report.structuredContent, { property_id: '123', row_count: 1, rows: [{ sessionDefaultChannelGroup: 'Organic Search', sessions: '1234' }] });
  const bad = await connect(t, plugins.get('analytics')!, contextFor(vendor, c, { secrets: { access_token: 'nope' } }));
  t.like((await bad.callTool({ name: 'analytics_run_report', arguments: { metrics: ['sessions'] } })).structuredContent, { error_code: 'auth_required' });
});

test('a base_url naming a private address is refused by the SSRF guard unless private URLs are allowed', async (t) => {
  const vendor = await startVendorServer();
  const strict = createGuardedFetch({ allowPrivate: false });
  t.teardown(async () => {
    await vendor.close();
    await strict.close();
  });
  const client = await connect(t, plugins.get('work')!, contextFor(vendor, cases.find((c) => c.plugin === 'work')!, { fetch: strict }));
  const refused = await client.callTool({ name: 'work_create_tasks', arguments: input('k-ssrf') });
  t.like(refused.structuredContent, { status: 'failed', error_code: 'validation_error', retryable: false });
  t.is(vendor.created('asana').length, 0);
});
