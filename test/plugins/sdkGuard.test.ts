import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { PluginContext } from '../../plugins/contract.js';
import { builtInPlugins } from '../../plugins/index.js';
import { createGuardedFetch, type GuardedFetch } from '../../runtime/tools/guardedFetch.js';
import { startVendorServer } from '../fixtures/vendorServer.js';
import { memoryKv } from '../helpers/pluginKv.js';

/**
 * The plugins on vendor clients (Google Drive, Notion, Asana, Jira, Linear) with their own HTTP
 * stacks still pass the SSRF guard: a `base_url` on a private address is refused before any
 * request reaches it, unless private URLs are allowed (CREWD_ALLOW_PRIVATE_URLS=1).
 */
const cases: Array<{ plugin: string; client: string; tool: string; settings: (url: string) => Record<string, unknown>; secrets: Record<string, string> }> = [
  { plugin: 'drive', client: '@googleapis/drive (gaxios)', tool: 'drive_save_document', settings: (url: string) => ({ provider: 'google', base_url: url }), secrets: { access_token: 'good-token' } },
  { plugin: 'notes', client: '@notionhq/client', tool: 'notes_save_page', settings: (url: string) => ({ provider: 'notion', base_url: url, parent_page_id: '0123456789abcdef0123456789abcdef' }), secrets: { access_token: 'good-token' } },
  { plugin: 'work', client: 'asana (superagent)', tool: 'work_create_tasks', settings: (url: string) => ({ workspace_gid: '1100', project_gid: '1200', base_url: url }), secrets: { access_token: 'good-token' } },
  { plugin: 'tracker', client: 'jira.js (axios)', tool: 'tracker_create_issues', settings: (url: string) => ({ base_url: url, project_key: 'ENG', email: 'ops@example.com' }), secrets: { api_token: 'good-token' } },
  { plugin: 'planner', client: '@linear/sdk', tool: 'planner_create_issues', settings: (url: string) => ({ team_id: 'team-1', base_url: url }), secrets: { api_key: 'good-token' } },
];

const plugins = new Map(builtInPlugins().map((plugin) => [plugin.manifest.id, plugin]));
const input = { outcome_id: 'out_1', crew: 'writer', stage: 'publishing', flag: 'f', flag_value: true, title: 'Launch notes', content: '# Launch\n\nWe ship on Monday.', idempotency_key: 'k-guard' };

async function call(t: { teardown(fn: () => unknown): void }, c: (typeof cases)[number], url: string, fetch: GuardedFetch) {
  const context: PluginContext = { workspaceId: 'ws', settings: c.settings(url), secrets: c.secrets, logger: { debug() {}, info() {}, warn() {}, error() {} }, clock: { now: () => new Date() }, kv: memoryKv(), fetch, dataDir: '/tmp', apiUrls: {} };
  const server = await plugins.get(c.plugin)!.register(context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(clientSide);
  t.teardown(() => client.close());
  return client.callTool({ name: c.tool, arguments: input });
}

for (const c of cases) {
  test(`${c.plugin} on ${c.client}: a base_url on a loopback address is refused, and reached once private URLs are allowed`, async (t) => {
    const vendor = await startVendorServer();
    const strict = createGuardedFetch({ allowPrivate: false });
    const open = createGuardedFetch({ allowPrivate: true });
    t.teardown(async () => {
      await vendor.close();
      await strict.close();
      await open.close();
    });
    const refused = await call(t, c, vendor.url, strict);
    t.true(refused.isError);
    t.like(refused.structuredContent, { status: 'failed', error_code: 'validation_error', retryable: false });
    t.is(vendor.requests.length, 0, 'no request reached the private address');

    const allowed = await call(t, c, vendor.url, open);
    t.falsy(allowed.isError, JSON.stringify(allowed.content));
    t.true(vendor.requests.length > 0);
  });
}

test('the guarded node:http(s) agents refuse private addresses and plain http unless private URLs are allowed', async (t) => {
  const server = http.createServer((_req, res) => res.end('reached'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const strict = createGuardedFetch({ allowPrivate: false });
  const open = createGuardedFetch({ allowPrivate: true });
  t.teardown(async () => {
    await strict.close();
    await open.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const get = (url: string, agent: http.Agent) =>
    new Promise<string>((resolve, reject) => {
      const req = (url.startsWith('https:') ? https : http).request(url, { agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
  const loopback = await t.throwsAsync(get(`https://127.0.0.1:${port}/`, strict.nodeAgent!('https:')));
  t.is(loopback?.name, 'RefusedUrlError');
  t.regex(loopback!.message, /public address/);
  const mapped = await t.throwsAsync(get(`https://[::ffff:127.0.0.1]:${port}/`, strict.nodeAgent!('https:')));
  t.is(mapped?.name, 'RefusedUrlError');
  const plain = await t.throwsAsync(get(`http://127.0.0.1:${port}/`, strict.nodeAgent!('http:')));
  t.is(plain?.name, 'RefusedUrlError');
  t.is(await get(`http://127.0.0.1:${port}/`, open.nodeAgent!('http:')), 'reached');
});
