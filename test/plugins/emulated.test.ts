import test from 'ava';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Plugin, PluginContext } from '../../plugins/contract.js';
import { builtInPlugins } from '../../plugins/index.js';
import { createGuardedFetch } from '../../runtime/tools/guardedFetch.js';
import { startEmulate } from '../helpers/emulate.js';
import { memoryKv } from '../helpers/pluginKv.js';

/**
 * The plugins against `emulate` 0.12.2, the published emulator of Google Drive, Linear's GraphQL
 * API and GitHub: the create action and a read tool on the vendors' real wire formats. (Auth,
 * 429, 5xx and crash cases run against test/fixtures/vendorServer.ts, which can inject them.)
 */
const config = `
tokens:
  test_token_admin:
    login: admin
    scopes: [repo, user]
github:
  users:
    - login: admin
      name: Admin
  repos:
    - owner: admin
      name: field-app
      auto_init: true
google:
  users:
    - email: writer@example.com
      name: Writer
      email_verified: true
linear:
  organization:
    name: Acme
    url_key: acme
  users:
    - email: admin@example.com
      name: Admin User
      admin: true
  teams:
    - key: ENG
      name: Engineering
  tokens:
    - token: lin_test_admin
      user: admin@example.com
      scopes: [read, write, issues:create, admin]
`;

let emulate: Awaited<ReturnType<typeof startEmulate>>;
const guarded = createGuardedFetch({ allowPrivate: true });
test.before(async () => {
  emulate = await startEmulate(['github', 'google', 'linear'], config);
});
test.after.always(async () => {
  await emulate?.close();
  await guarded.close();
});

const plugins = new Map(builtInPlugins().map((plugin) => [plugin.manifest.id, plugin]));

async function connect(t: { teardown(fn: () => unknown): void }, plugin: Plugin, settings: Record<string, unknown>, secrets: Record<string, string>) {
  const context: PluginContext = { workspaceId: 'ws', settings, secrets, logger: { debug() {}, info() {}, warn() {}, error() {} }, clock: { now: () => new Date() }, kv: memoryKv(), fetch: guarded, dataDir: '/tmp', apiUrls: {} };
  const server = await plugin.register(context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(clientSide);
  t.teardown(() => client.close());
  return client;
}

const input = (key: string, content = '# Launch\n\nWe ship on Monday.') => ({ outcome_id: 'out_1', crew: 'writer', stage: 'publishing', flag: 'f', flag_value: true, title: 'Launch notes', content, idempotency_key: key });

/** A Google access token from the emulator's own OAuth: sign-in form, code, token exchange. */
async function googleToken(): Promise<string> {
  const google = emulate.urls.google!;
  const redirect = 'http://127.0.0.1:9/cb';
  const page = await (await fetch(`${google}/o/oauth2/v2/auth?client_id=any&redirect_uri=${encodeURIComponent(redirect)}&response_type=code&scope=openid`)).text();
  const fields = Object.fromEntries([...page.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
  const signedIn = await fetch(`${google}/o/oauth2/v2/auth/callback`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const code = new URL(signedIn.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${google}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: 'any' }) });
  return ((await token.json()) as { access_token: string }).access_token;
}

test('drive (google): save_to_drive uploads the Markdown through the multipart endpoint; read answers its text', async (t) => {
  const token = await googleToken();
  const client = await connect(t, plugins.get('drive')!, { provider: 'google', base_url: emulate.urls.google, drive_format: 'markdown' }, { access_token: token });
  const saved = await client.callTool({ name: 'drive_save_document', arguments: input('emu-drive-1') });
  t.falsy(saved.isError, JSON.stringify(saved.content));
  const result = saved.structuredContent as { file_id: string; file_url: string };
  t.regex(result.file_url, /^https:\/\/drive\.google\.com\/file\/d\/.+\/view$/);
  const read = await client.callTool({ name: 'drive_read_document', arguments: { id: result.file_id } });
  t.falsy(read.isError, JSON.stringify(read.content));
  t.like(read.structuredContent, { id: result.file_id, title: 'Launch notes.md' });
  t.regex((read.structuredContent as { text: string }).text, /We ship on Monday/);
});

test('planner (linear): create_planner_issues makes one issue per roadmap entry; teams and issues are listed', async (t) => {
  const client = await connect(t, plugins.get('planner')!, { base_url: emulate.urls.linear, team_id: 'unset' }, { api_key: 'lin_test_admin' });
  const teams = await client.callTool({ name: 'planner_list_teams', arguments: {} });
  t.falsy(teams.isError, JSON.stringify(teams.content));
  const team = (teams.structuredContent as { teams: Array<{ id: string; key: string }> }).teams.find((candidate) => candidate.key === 'ENG')!;
  const planner = await connect(t, plugins.get('planner')!, { base_url: emulate.urls.linear, team_id: team.id }, { api_key: 'lin_test_admin' });
  const content = '# Roadmap\n\n- Offline storage\n- Sync conflicts';
  const made = await planner.callTool({ name: 'planner_create_issues', arguments: input('emu-linear-1', content) });
  t.falsy(made.isError, JSON.stringify(made.content));
  const issues = (made.structuredContent as { details: { issues: Array<{ title: string; identifier: string; created: boolean }> } }).details.issues;
  t.deepEqual(issues.map((issue) => issue.title), ['Offline storage', 'Sync conflicts']);
  t.true(issues.every((issue) => /^ENG-\d+$/.test(issue.identifier) && issue.created));
  const again = await planner.callTool({ name: 'planner_create_issues', arguments: input('emu-linear-1', content) });
  t.true((again.structuredContent as { details: { issues: Array<{ created: boolean }> } }).details.issues.every((issue) => !issue.created));
  const listed = await planner.callTool({ name: 'planner_list_issues', arguments: {} });
  const titles = (listed.structuredContent as { issues: Array<{ title: string }> }).issues.map((issue) => issue.title);
  t.is(titles.filter((title) => title === 'Offline storage').length, 1);
});

test('code (github): create_repo_issues files one issue through Octokit; list_issues reads it back', async (t) => {
  const client = await connect(t, plugins.get('code')!, { owner: 'admin', repo: 'field-app', base_url: emulate.urls.github }, { token: 'test_token_admin' });
  const made = await client.callTool({ name: 'code_create_issue', arguments: input('emu-gh-1') });
  t.falsy(made.isError, JSON.stringify(made.content));
  t.regex((made.structuredContent as { post_url: string }).post_url, /\/admin\/field-app\/issues\/\d+$/);
  const listed = await client.callTool({ name: 'code_list_issues', arguments: {} });
  t.regex(JSON.stringify(listed.content), /Launch notes/);
});
