import test from 'ava';
import { waitForOutcome, workspaceWithKey } from '../e2e/outcomesHelpers.js';
import { startServer } from '../helpers/server.js';

async function scrape(url: string, key: string) {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, text: await response.text() };
}

test("a workspace's admin:read key sees its own counters and positions, never another workspace's activity", async (t) => {
  const server = await startServer();
  t.teardown(() => server.close());
  const tenant = await workspaceWithKey(server, 'tenant');

  // The tenant's views before anything happened anywhere.
  const overviewBefore = await server.call('GET', '/v1/admin/overview', { key: tenant.key });
  t.is(overviewBefore.status, 200);
  const eventsBefore = await server.call('GET', '/v1/admin/events', { key: tenant.key });

  // Another workspace (the operator's) works.
  for (let i = 0; i < 3; i++) {
    const deployed = await server.call('POST', '/v1/crews/writer/run', { body: { brief: `Operator work item ${i} about tea` } });
    await waitForOutcome(server, deployed.body.outcome_id);
  }
  const overview = await server.call('GET', '/v1/admin/overview', { key: tenant.key });
  t.is(overview.body.position, overviewBefore.body.position, "the tenant's position does not move with other workspaces' events");
  const events = await server.call('GET', `/v1/admin/events?after=${eventsBefore.body.next_after}`, { key: tenant.key });
  t.deepEqual(events.body.events, []);
  t.is(events.body.next_after, eventsBefore.body.next_after, "next_after does not reveal other workspaces' events");
  t.is((await server.call('GET', '/v1/admin/events', { key: tenant.key })).body.next_after, eventsBefore.body.next_after);

  const tenantMetrics = await scrape(server.url, tenant.key);
  t.is(tenantMetrics.status, 200);
  t.notRegex(tenantMetrics.text, /crewd_http_request_duration_seconds|crewd_outcomes_total|crewd_db_duration_seconds/, 'no process-wide series');
  t.notRegex(tenantMetrics.text, new RegExp(server.workspaceId), "no other workspace's id");
  t.regex(tenantMetrics.text, new RegExp(`crewd_workspace_outcomes\\{workspace="${tenant.workspace.id}",status="completed"\\} 0`));

  // Its own work shows in its own views.
  const own = await server.call('POST', '/v1/crews/writer/run', { key: tenant.key, body: { brief: 'Tenant work about coffee' } });
  await waitForOutcome(server, own.body.outcome_id, undefined, tenant.key);
  const feed = await server.call('GET', `/v1/admin/events?after=${eventsBefore.body.next_after}`, { key: tenant.key });
  t.true(feed.body.events.length > 0);
  t.true(feed.body.events.every((event: { outcome_id: string }) => event.outcome_id === own.body.outcome_id));
  t.is(feed.body.next_after, feed.body.events.at(-1).position);
  t.is((await server.call('GET', '/v1/admin/overview', { key: tenant.key })).body.position, feed.body.next_after);
  t.regex((await scrape(server.url, tenant.key)).text, new RegExp(`crewd_workspace_outcomes\\{workspace="${tenant.workspace.id}",status="completed"\\} 1`));

  // The operator's key (the default workspace's) still sees the process-wide registry.
  const operator = await scrape(server.url, server.key);
  t.regex(operator.text, /crewd_http_request_duration_seconds/);
  t.regex(operator.text, /crewd_outcomes_total/);
});
