import test from 'ava';
import { startServer } from '../helpers/server.js';
import { startGithubServer } from '../plugins/fixtures/githubServer.js';
import { waitForOutcome } from './outcomesHelpers.js';

test.serial('a pilot deploy with create_repo_issues ends with the issue URL and one integration.executed event', async (t) => {
  const github = await startGithubServer();
  const server = await startServer({ CREWD_CODE_API_URL: github.url });
  t.teardown(async () => {
    await server.close();
    await github.close();
  });
  const unknown = await server.call('POST', '/v1/crews/pilot/deploy', { body: { brief: 'Plan offline mode for the field app', integrations: { launch_rocket: true } } });
  t.is(unknown.status, 400);
  t.is(unknown.body.error.details.field, 'integrations.launch_rocket');
  const mistyped = await server.call('POST', '/v1/crews/pilot/deploy', { body: { brief: 'Plan offline mode for the field app', integrations: { create_repo_issues: 'yes' } } });
  t.is(mistyped.status, 400);
  t.is(mistyped.body.error.details.field, 'integrations.create_repo_issues');
  const unconfigured = await server.call('POST', '/v1/crews/pilot/deploy', { body: { brief: 'Plan offline mode for the field app', integrations: { create_repo_issues: true } } });
  t.is(unconfigured.status, 400);
  t.is(unconfigured.body.error.code, 'integration_not_configured');
  t.is(unconfigured.body.error.details.integration, 'code');

  t.is((await server.call('POST', '/v1/integrations/code/configure', { body: { settings: { owner: 'acme', repo: 'field-app' } } })).status, 200);
  const deployed = await server.call('POST', '/v1/crews/pilot/deploy', {
    body: { brief: 'Plan offline mode for the field app so technicians can work without a network', integrations: { create_repo_issues: true, save_to_wiki: true } },
  });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const id = deployed.body.outcome_id;
  const done = await waitForOutcome(server, id);
  t.is(done.status, 'completed');
  const result = await server.call('GET', `/v1/outcomes/${id}/result`);
  t.like(result.body.integrations_executed.code, { status: 'success', post_url: 'https://github.example/acme/field-app/issues/1' });
  t.like(result.body.integrations_executed.wiki, { status: 'success' });
  t.regex(result.body.integrations_executed.wiki.file_url, /^file:\/\//);
  t.is(github.issues('acme', 'field-app').length, 1);

  const events = await server.runtime.repos.events.listForOutcome(id);
  const executed = events.filter((event) => event.kind === 'integration.executed');
  t.deepEqual(executed.map((event) => (event.data as { integration: { type: string } }).integration.type).sort(), ['code', 'wiki']);
  const code = executed.find((event) => (event.data as { integration: { type: string } }).integration.type === 'code')!;
  t.like(code.data, { outcome_id: id, integration: { type: 'code', action: 'create_issue', status: 'success', details: { post_url: 'https://github.example/acme/field-app/issues/1' } } });
  const sequences = events.map((event) => event.sequence);
  t.deepEqual(sequences, [...sequences].sort((a, b) => a - b));
  t.is(new Set(sequences).size, sequences.length);
  const completed = events.find((event) => event.kind === 'outcome.completed')!;
  t.true((completed.data as { integrations_executed: Array<{ type: string }> }).integrations_executed.some((entry) => entry.type === 'code'));
});
