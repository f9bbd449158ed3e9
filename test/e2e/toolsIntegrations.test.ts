import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { builtInPlugins } from '../../plugins/index.js';
import { examplePlugin } from '../../plugins/example/index.js';
import { startServer } from '../helpers/server.js';
import { startGithubServer } from '../plugins/fixtures/githubServer.js';

const fast = { retry: { retries: 2, minTimeoutMs: 10 } };

async function setup(t: { teardown(fn: () => Promise<void>): void }, githubToken?: string) {
  const github = await startGithubServer(githubToken ? { token: githubToken } : {});
  const server = await startServer({ CREWD_CODE_API_URL: github.url }, { tools: { ...fast, plugins: [...builtInPlugins(), examplePlugin] } });
  t.teardown(async () => {
    await server.close();
    await github.close();
  });
  return { github, server };
}

const runInput = (server: { workspaceId: string }, flags: Array<{ flag: string; value: boolean | string; integration: string }>, outcomeId = 'out_int1') => ({
  workspaceId: server.workspaceId,
  outcomeId,
  crew: 'pilot' as const,
  stage: 'ticket_creation',
  attempt: 1,
  flags,
  title: 'Offline mode for the field app',
  content: '# Offline mode\n\nUsers in the field need to work without a network.',
});

test.serial('GET /v1/integrations lists every integration with kind, crews, flags and status', async (t) => {
  const { server } = await setup(t);
  const answer = await server.call('GET', '/v1/integrations');
  t.is(answer.status, 200);
  const ids = answer.body.integrations.map((i: { id: string }) => i.id);
  t.deepEqual(ids, ['network', 'cms', 'drive', 'notes', 'chat', 'work', 'tracker', 'analytics', 'code', 'planner', 'wiki', 'example']);
  const code = answer.body.integrations.find((i: { id: string }) => i.id === 'code');
  t.like(code, { kind: 'source-code host', configured: false, connection_status: 'disconnected', flags: ['create_repo_issues'] });
});

test.serial('configure validates settings against the plugin schema, encrypts secrets and answers redacted', async (t) => {
  const { server } = await setup(t);
  const bad = await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 'app', colour: 'red' } } });
  t.is(bad.status, 400);
  t.is(bad.body.error.details.field, 'settings.colour');
  const missing = await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme' } } });
  t.is(missing.status, 400);
  t.is(missing.body.error.details.field, 'settings.repo');
  const wrongType = await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 7 } } });
  t.is(wrongType.body.error.details.field, 'settings.repo');
  t.is((await server.call('POST', '/v1/integrations/nothing/configure', { body: { settings: {} } })).status, 404);
  t.is((await server.call('POST', '/v1/integrations/code/configure', { body: { settings: {}, channel: '#eng' } })).status, 400);

  const ok = await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 'app', token: 'ghp_secret_value' } } });
  t.is(ok.status, 200, JSON.stringify(ok.body));
  t.deepEqual(ok.body.settings, { owner: 'acme', repo: 'app', token: '[redacted]' });
  t.true(ok.body.configured);
  t.is(ok.body.connection_status, 'active');
  const row = await server.runtime.repos.integrationConfigs.get(server.workspaceId, 'code');
  t.false(JSON.stringify(row).includes('ghp_secret_value'));
  t.false(JSON.stringify((await server.call('GET', '/v1/integrations')).body).includes('ghp_secret_value'));
  // The plugin's tools reach agents through the connection configure opened.
  const tools = (await server.runtime.tools.service.tools(server.workspaceId)).map((tool) => tool.name);
  t.true(tools.includes('code__code_create_issue'));
});

test.serial('deploy flags: unknown or mistyped flags and unconfigured integrations are 400s naming them', async (t) => {
  const { server } = await setup(t);
  const { integrations } = server.runtime.tools;
  const unknown = await t.throwsAsync(integrations.validateFlags(server.workspaceId, { post_to_moon: true }));
  t.like(unknown, { status: 400, code: 'invalid_request', details: { field: 'integrations.post_to_moon', reason: 'unknown_flag' } } as never);
  const mistyped = await t.throwsAsync(integrations.validateFlags(server.workspaceId, { save_to_drive: 'yes' }));
  t.like(mistyped, { status: 400, details: { field: 'integrations.save_to_drive', reason: 'type' } } as never);
  const unconfigured = await t.throwsAsync(integrations.validateFlags(server.workspaceId, { create_repo_issues: true }));
  t.like(unconfigured, { status: 400, code: 'integration_not_configured', details: { integration: 'code' } } as never);
  // drive works unconfigured (local folder); false flags are accepted and do nothing.
  t.deepEqual(await integrations.validateFlags(server.workspaceId, { save_to_drive: true, create_repo_issues: false }), [{ flag: 'save_to_drive', value: true, integration: 'drive' }]);
});

test.serial('create_repo_issues files one issue through Octokit and a replay after a crash creates no second one', async (t) => {
  const { server, github } = await setup(t, 'ghp_token');
  await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 'app', token: 'ghp_token', labels: ['crewd'] } } });
  const flags = await server.runtime.tools.integrations.validateFlags(server.workspaceId, { create_repo_issues: true });
  const { runner } = server.runtime.tools;

  const first = await runner.run(runInput(server, flags));
  t.like(first.executed.code, { status: 'success', post_url: 'https://github.example/acme/app/issues/1' });
  t.is(first.events.length, 1);
  t.like(first.events[0], { kind: 'integration.executed', data: { outcome_id: 'out_int1', integration: { type: 'code', action: 'create_issue', status: 'success' } } });
  t.is(typeof first.events[0]!.data.execution_time_ms, 'number');
  t.deepEqual(github.issues('acme', 'app')[0]!.labels, [{ name: 'crewd' }]);

  // Replayed with the record (restored actor): answered from the record.
  const replay = await runner.run(runInput(server, flags));
  t.deepEqual(replay.executed, first.executed);
  // Crash between the vendor call and the record: the record is gone, the marker finds the issue.
  await server.runtime.db('tool_calls').where({ kind: 'integration' }).delete();
  const afterCrash = await runner.run(runInput(server, flags));
  t.is(afterCrash.executed.code!.post_url, first.executed.code!.post_url);
  t.is(github.issues('acme', 'app').length, 1);
  // Stages that do not carry the flag run nothing.
  t.deepEqual((await runner.run({ ...runInput(server, flags, 'out_other'), stage: 'roadmap_planning' })).executed, {});
});

test.serial('a transient vendor failure is retried; a permanent one marks the integration failed with an event', async (t) => {
  const { server, github } = await setup(t);
  await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 'app' } } });
  const flags = await server.runtime.tools.integrations.validateFlags(server.workspaceId, { create_repo_issues: true });
  github.failNext(502);
  const retried = await server.runtime.tools.runner.run(runInput(server, flags, 'out_retry'));
  t.is(retried.executed.code!.status, 'success');
  t.is(github.issues('acme', 'app').length, 1);

  await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 'missing' } } });
  const failed = await server.runtime.tools.runner.run(runInput(server, flags, 'out_fail'));
  t.like(failed.executed.code, { status: 'failed', error: { code: 'repository_not_found' } });
  t.like(failed.events[0], { kind: 'integration.failed', data: { outcome_id: 'out_fail', integration: { type: 'code', action: 'create_issue', status: 'failed' }, retry_count: 0, will_retry: false } });
});

test.serial('save_to_drive writes the outcome Markdown under the data dir and returns a file:// link and id', async (t) => {
  const { server } = await setup(t);
  t.is((await server.call('POST', '/v1/integrations/example/configure', { body: { settings: { prefix: '>> ' } } })).status, 200);
  const flags = await server.runtime.tools.integrations.validateFlags(server.workspaceId, { save_to_drive: true, shout_outcome: true });
  const input = { ...runInput(server, [], 'out_drive'), crew: 'writer' as const, stage: 'publishing', flags };
  const { executed, events } = await server.runtime.tools.runner.run(input);
  t.is(executed.drive!.status, 'success');
  t.regex(executed.drive!.file_url!, /^file:\/\//);
  t.regex(executed.drive!.file_id!, /^drive_/);
  const file = fileURLToPath(executed.drive!.file_url!);
  t.true(file.startsWith(server.dataDir));
  t.regex(fs.readFileSync(file, 'utf8'), /Users in the field need to work without a network/);
  t.like(executed.example, { status: 'success', details: { text: '>> OFFLINE MODE FOR THE FIELD APP' } });
  t.deepEqual(events.map((event) => event.kind), ['integration.executed', 'integration.executed']);
  const again = await server.runtime.tools.runner.run({ ...input, attempt: 2 });
  // Issue 25: the file is keyed by outcome and flag, so a retry of the stage finds the first run's file.
  t.is(again.executed.drive!.file_id, executed.drive!.file_id);
  t.like(again.executed.drive, { details: { created: false } });
});

// Issue 25: a 302 from the host was recorded as a created issue with a success event.
test.serial('a redirect from the source-code host is a failed integration with the reason, never integration.executed', async (t) => {
  const { server, github } = await setup(t);
  await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 'app' } } });
  const flags = await server.runtime.tools.integrations.validateFlags(server.workspaceId, { create_repo_issues: true });
  github.failNext(302, 302, 302);
  const redirected = await server.runtime.tools.runner.run(runInput(server, flags, 'out_redirect'));
  t.like(redirected.executed.code, { status: 'failed', error: { code: 'vendor_error' } });
  t.regex(String(redirected.executed.code!.error!.message), /302/);
  t.deepEqual(redirected.events.map((event) => event.kind), ['integration.failed']);
  t.is(github.issues('acme', 'app').length, 0);
});
