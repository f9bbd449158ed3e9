import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { PluginContext } from '../../plugins/contract.js';
import { builtInPlugins } from '../../plugins/index.js';
import { createGuardedFetch } from '../../runtime/tools/guardedFetch.js';
import { memoryKv } from '../helpers/pluginKv.js';

/**
 * Issue 25 (integrations tell the truth): a vendor answer that is not a creation (a redirect, an
 * empty body) is a failure with the reason, never `status: success` without the object. Each
 * creating plugin runs against a real HTTP server that answers every request the same way.
 */
const guarded = createGuardedFetch({ allowPrivate: true });
test.after.always(() => guarded.close());

interface Case {
  plugin: string;
  tool: string;
  settings: (url: string) => Record<string, unknown>;
  secrets: Record<string, string>;
}

const cases: Case[] = [
  { plugin: 'code', tool: 'code_create_issue', settings: (url) => ({ owner: 'acme', repo: 'app', base_url: url }), secrets: { token: 't' } },
  { plugin: 'network', tool: 'network_publish_post', settings: (url) => ({ author_urn: 'urn:li:person:abc', base_url: url }), secrets: { access_token: 't' } },
  { plugin: 'cms', tool: 'cms_publish_post', settings: (url) => ({ base_url: url, username: 'editor' }), secrets: { application_password: 't' } },
  { plugin: 'drive', tool: 'drive_save_document', settings: (url) => ({ provider: 'google', base_url: url, folder_id: 'fold1' }), secrets: { access_token: 't' } },
  { plugin: 'notes', tool: 'notes_save_page', settings: (url) => ({ provider: 'notion', base_url: url, parent_page_id: '0123456789abcdef0123456789abcdef' }), secrets: { access_token: 't' } },
  { plugin: 'work', tool: 'work_create_tasks', settings: (url) => ({ workspace_gid: '1100', project_gid: '1200', base_url: url }), secrets: { access_token: 't' } },
  { plugin: 'tracker', tool: 'tracker_create_issues', settings: (url) => ({ base_url: url, project_key: 'ENG', email: 'ops@example.com' }), secrets: { api_token: 't' } },
  { plugin: 'planner', tool: 'planner_create_issues', settings: (url) => ({ team_id: 'team-1', base_url: url }), secrets: { api_key: 't' } },
  { plugin: 'wiki', tool: 'wiki_save_article', settings: (url) => ({ provider: 'confluence', base_url: url, space_id: '42', email: 'ops@example.com' }), secrets: { api_token: 't' } },
];

/** A vendor that answers every request with `status` and `body` (a redirect carries a Location). */
async function vendorAnswering(status: number, body: string): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json', ...(status >= 300 && status < 400 ? { location: 'https://login.example.com/' } : {}) }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const plugins = new Map(builtInPlugins().map((plugin) => [plugin.manifest.id, plugin]));
const input = { outcome_id: 'out_1', crew: 'pilot', stage: 'tickets', flag: 'f', flag_value: true, title: 'Launch', content: '# Launch\n\n## Tickets\n\n- Build the export button\n', idempotency_key: 'k1' };

async function call(t: { teardown(fn: () => unknown): void }, c: Case, url: string) {
  const context: PluginContext = { workspaceId: 'ws', settings: c.settings(url), secrets: c.secrets, logger: { debug() {}, info() {}, warn() {}, error() {} }, clock: { now: () => new Date() }, kv: memoryKv(), fetch: guarded, dataDir: '/tmp', apiUrls: {} };
  const server = await plugins.get(c.plugin)!.register(context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(clientSide);
  t.teardown(() => client.close());
  return client.callTool({ name: c.tool, arguments: input });
}

for (const c of cases) {
  for (const [what, status, body] of [
    ['a 302 redirect', 302, ''],
    ['a 201 with an empty body', 201, ''],
    ['a 200 with an empty object', 200, '{}'],
  ] as const) {
    test(`${c.plugin}: ${what} is a failure with the reason, not a created object`, async (t) => {
      const vendor = await vendorAnswering(status, body);
      t.teardown(() => vendor.close());
      const answer = await call(t, c, vendor.url);
      const result = answer.structuredContent as Record<string, unknown> | undefined;
      t.true(answer.isError, `${JSON.stringify(answer.structuredContent)} ${JSON.stringify(answer.content)}`);
      t.is(result?.status, 'failed');
      t.false(JSON.stringify(answer.content).includes('Cannot read properties'), `a reason, not a crash: ${JSON.stringify(answer.content)}`);
    });
  }
}
