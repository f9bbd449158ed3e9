import test from 'ava';
import { startVendorServer } from '../fixtures/vendorServer.js';
import { startServer } from '../helpers/server.js';
import { startGithubServer } from '../plugins/fixtures/githubServer.js';
import { waitForOutcome } from './outcomesHelpers.js';

type Server = Awaited<ReturnType<typeof startServer>>;

async function configure(t: { is(a: unknown, b: unknown, m?: string): void }, server: Server, id: string, settings: Record<string, unknown>) {
  const answer = await server.call('POST', `/v1/integrations/${id}/configure`, { body: { settings } });
  t.is(answer.status, 200, JSON.stringify(answer.body));
}

/** Deploys, waits, and checks every integration ran once with its link and one integration.executed event. */
async function deployAndCheck(t: any, server: Server, crew: string, brief: string, flags: Record<string, boolean>, expected: Record<string, RegExp>) {
  const deployed = await server.call('POST', `/v1/crews/${crew}/deploy`, { body: { brief, integrations: flags } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const id = deployed.body.outcome_id;
  t.is((await waitForOutcome(server, id)).status, 'completed');
  const result = await server.call('GET', `/v1/outcomes/${id}/result`);
  const executed = result.body.integrations_executed as Record<string, { status: string; post_url?: string; file_url?: string }>;
  t.deepEqual(Object.keys(executed).sort(), Object.keys(expected).sort());
  for (const [integration, link] of Object.entries(expected)) {
    t.is(executed[integration]!.status, 'success', `${integration}: ${JSON.stringify(executed[integration])}`);
    t.regex(executed[integration]!.post_url ?? executed[integration]!.file_url ?? '', link, integration);
  }
  const events = (await server.runtime.repos.events.listForOutcome(id)).filter((event) => event.kind === 'integration.executed');
  t.deepEqual(events.map((event) => (event.data as { integration: { type: string } }).integration.type).sort(), Object.keys(expected).sort());
  return { id, executed };
}

test.serial('writer: publish_to_network, publish_to_cms, save_to_drive (Google) and save_to_notes (Notion) each run once with their link', async (t) => {
  const vendor = await startVendorServer();
  const server = await startServer();
  t.teardown(async () => {
    await server.close();
    await vendor.close();
  });
  await configure(t, server, 'network', { author_urn: 'urn:li:person:abc', base_url: vendor.url, access_token: vendor.token });
  await configure(t, server, 'cms', { base_url: vendor.url, username: 'editor', application_password: vendor.token, publish_status: 'publish' });
  await configure(t, server, 'drive', { provider: 'google', base_url: vendor.url, access_token: vendor.token });
  await configure(t, server, 'notes', { provider: 'notion', base_url: vendor.url, parent_page_id: '0123456789abcdef0123456789abcdef', access_token: vendor.token });
  const { executed } = await deployAndCheck(t, server, 'writer', 'Write a launch post about offline mode for the field app', { publish_to_network: true, publish_to_cms: true, save_to_drive: true, save_to_notes: true }, {
    network: /^https:\/\/www\.linkedin\.com\/feed\/update\//,
    cms: /\/\?p=\d+$/,
    drive: /^https:\/\/docs\.google\.com\/document\/d\//,
    notes: /^https:\/\/www\.notion\.so\//,
  });
  t.deepEqual((executed.network as unknown as { engagement: unknown }).engagement, { views: null, likes: 7, comments: 2 });
  t.is(vendor.created('linkedin').length, 1);
  t.is(vendor.created('wordpress').length, 1);
  t.is(vendor.created('drive').length, 1);
  t.is(vendor.created('notion').length, 1);
});

test.serial('mind: create_work_tasks and create_tracker_tickets run once each, a 429 with Retry-After is waited out', async (t) => {
  const vendor = await startVendorServer();
  const server = await startServer();
  t.teardown(async () => {
    await server.close();
    await vendor.close();
  });
  await configure(t, server, 'work', { workspace_gid: '1100', project_gid: '1200', base_url: vendor.url, access_token: vendor.token });
  await configure(t, server, 'tracker', { base_url: vendor.url, project_key: 'OPS', email: 'ops@example.com', api_token: vendor.token });
  vendor.failNext(429, { 'retry-after': '1' }, 1, { method: 'POST', path: '/api/1.0/tasks' });
  const { executed } = await deployAndCheck(
    t,
    server,
    'mind',
    'Analyse the weekly operations meeting: Dana owns the vendor review due 2026-12-04, Sam fixes the on-call rota',
    { create_work_tasks: true, create_tracker_tickets: true },
    { work: /^https:\/\/app\.asana\.com\/0\/1200\/\d+$/, tracker: /\/browse\/OPS-\d+$/ },
  );
  t.true(vendor.created('asana').length >= 1);
  // The first create met the 429; the runner waited the Retry-After and tried again.
  t.is(vendor.requests.filter((r) => r.method === 'POST' && r.path === '/api/1.0/tasks').length, vendor.created('asana').length + 1);
  t.is((executed.work as unknown as { details: { tasks: unknown[] } }).details.tasks.length, vendor.created('asana').length);
  t.is((executed.tracker as unknown as { details: { issues: unknown[] } }).details.issues.length, vendor.created('jira').length);
});

test.serial('pilot: create_tracker_tickets, create_repo_issues, create_planner_issues and save_to_wiki (Confluence) each run once with their link', async (t) => {
  const vendor = await startVendorServer();
  const github = await startGithubServer();
  const server = await startServer({ CREWD_CODE_API_URL: github.url });
  t.teardown(async () => {
    await server.close();
    await vendor.close();
    await github.close();
  });
  await configure(t, server, 'tracker', { base_url: vendor.url, project_key: 'ENG', email: 'ops@example.com', api_token: vendor.token });
  await configure(t, server, 'code', { owner: 'acme', repo: 'field-app' });
  await configure(t, server, 'planner', { team_id: 'team-1', base_url: vendor.url, api_key: vendor.token });
  await configure(t, server, 'wiki', { provider: 'confluence', base_url: vendor.url, space_id: '42', email: 'ops@example.com', api_token: vendor.token });
  await deployAndCheck(t, server, 'pilot', 'Plan offline mode for the field app so technicians can work without a network', { create_tracker_tickets: true, create_repo_issues: true, create_planner_issues: true, save_to_wiki: true }, {
    tracker: /\/browse\/ENG-\d+$/,
    code: /^https:\/\/github\.example\/acme\/field-app\/issues\/1$/,
    planner: /^https:\/\/linear\.app\/acme\/issue\/ENG-\d+$/,
    wiki: /\/wiki\/spaces\/ENG\/pages\/\d+$/,
  });
  t.is(vendor.created('confluence').length, 1);
  t.is(github.issues('acme', 'field-app').length, 1);
});
