import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { chromium } from 'playwright-core';
import { capturedLogger } from '../helpers/capturedLogger.js';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';
import { schemaCheck, waitForOutcome, workspaceWithKey } from './outcomesHelpers.js';

const fixture = path.resolve(import.meta.dirname, 'mcpTasksServer.ts');
const brief = 'Write a short article about composting in small city apartments.';

/**
 * A server whose one search tool (a task) always runs past the 1 s wall limit: every call fails.
 * `pollDelayMs` delays the server's answer to each poll.
 */
async function failingToolServer(t: { teardown(fn: () => Promise<void>): void }, logger = capturedLogger(), pollDelayMs = 0) {
  const server = await startServer({ CREWD_MCP_STDIO_ALLOW: process.execPath, CREWD_MCP_CALL_TIMEOUT_MS: '1000', CREWD_TOOL_CALL_TIMEOUT_MS: '1000' }, { logger: logger.logger });
  t.teardown(() => server.close());
  const connected = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'slow', params: { command: process.execPath, args: ['--import', 'tsx', fixture, path.join(tempDir(), 'journal.jsonl'), '60000', '0', String(pollDelayMs)] } },
  });
  if (connected.status !== 201) throw new Error(JSON.stringify(connected.body));
  return { server, connectionId: connected.body.connection_id as string };
}

async function deployed(server: TestServer): Promise<string> {
  const answer = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  const id = answer.body.outcome_id as string;
  await waitForOutcome(server, id);
  return id;
}

test.serial('a failed tool call is visible: in the outcome\'s tool calls, its result counts, a tool.failed event and the connection\'s call log', async (t) => {
  const captured = capturedLogger();
  const { server, connectionId } = await failingToolServer(t, captured);
  const check = await schemaCheck(server);
  const first = await deployed(server);
  // An operator reads it in the log too: a warn line with the ids (issue 25).
  t.like(captured.lines.find((line) => line.msg === 'tool call failed' && line.outcome_id === first), { level: 40, agent: 'ResearchAgent', tool: 'slow__search_slow', step: 0 });

  const calls = await server.call('GET', `/v1/outcomes/${first}/tool-calls`);
  t.is(calls.status, 200);
  check(t, 'GET', '/v1/outcomes/{outcome_id}/tool-calls', calls);
  t.is(calls.body.total_calls, 1);
  t.is(calls.body.failed_calls, 1);
  const [call] = calls.body.data;
  t.like(call, { outcome_id: first, connection_id: connectionId, tool: 'search_slow', model_tool_name: 'slow__search_slow', agent: 'ResearchAgent', step: 0, success: false, output_truncated: false });
  t.regex(call.error, /call timeout/);
  t.is(typeof call.input.query, 'string');
  t.true(call.duration_ms >= 900);

  // The outcome still completes; its result says how many calls failed.
  const result = await server.call('GET', `/v1/outcomes/${first}/result`);
  t.is(result.status, 200);
  t.deepEqual(result.body.result.metadata.tool_calls, { total: 1, failed: 1 });

  // The event log (the outcome stream's source) has a tool.failed event for it.
  const events = await server.call('GET', '/v1/admin/events?after=0');
  const failed = events.body.events.filter((event: { event: string; outcome_id: string }) => event.event === 'tool.failed' && event.outcome_id === first);
  t.is(failed.length, 1);
  t.like(failed[0].data, { outcome_id: first, agent: 'ResearchAgent', step: 0, tool: 'slow__search_slow' });
  const sequences = events.body.events.filter((event: { outcome_id: string }) => event.outcome_id === first).map((event: { sequence: number }) => event.sequence);
  t.deepEqual(sequences, [...sequences].sort((a, b) => a - b));
  t.is(new Set(sequences).size, sequences.length);

  // The connection's calls, newest first, one per page with a cursor.
  const second = await deployed(server);
  const page1 = await server.call('GET', `/api/mcp/connections/${connectionId}/calls?workspace_id=${server.workspaceId}&limit=1`);
  t.is(page1.status, 200);
  check(t, 'GET', '/api/mcp/connections/{connection_id}/calls', page1);
  t.is(page1.body.data[0].outcome_id, second);
  t.true(page1.body.pagination.has_more);
  const page2 = await server.call('GET', `/api/mcp/connections/${connectionId}/calls?workspace_id=${server.workspaceId}&limit=1&cursor=${page1.body.pagination.next_cursor}`);
  t.is(page2.body.data[0].outcome_id, first);
  t.false(page2.body.pagination.has_more);
  t.is(page2.body.pagination.next_cursor, null);
});

test.serial('the tool-call routes refuse what is not there or not theirs with the spec\'s errors', async (t) => {
  const { server, connectionId } = await failingToolServer(t);
  const id = await deployed(server);
  const other = await workspaceWithKey(server, 'other');

  t.is((await server.call('GET', '/v1/outcomes/out_missing123/tool-calls')).status, 404);
  t.is((await server.call('GET', `/v1/outcomes/${id}/tool-calls`, { key: other.key })).status, 404);
  t.like((await server.call('GET', `/v1/outcomes/${id}/tool-calls?cursor=not-a-cursor`)).body, { error: { code: 'invalid_request', details: { field: 'cursor' } } });
  t.is((await server.call('GET', `/v1/outcomes/${id}/tool-calls?limit=0`)).status, 400);
  t.is((await server.call('GET', `/api/mcp/connections/${connectionId}/calls`)).status, 400);
  t.is((await server.call('GET', `/api/mcp/connections/${connectionId}/calls?workspace_id=${other.workspace.id}`, { key: other.key })).status, 404);
  t.is((await server.call('GET', `/api/mcp/connections/${connectionId}/calls?workspace_id=${other.workspace.id}`)).status, 404);
  t.is((await server.call('GET', `/api/mcp/connections/conn_nope/calls?workspace_id=${server.workspaceId}`)).status, 404);
  // Scopes come from the one table: a key without outcomes:read or integrations:read gets 403.
  const narrow = await server.call('POST', '/v1/api-keys', { body: { name: 'narrow', permissions: ['crews:read'] } });
  t.is((await server.call('GET', `/v1/outcomes/${id}/tool-calls`, { key: narrow.body.secret })).status, 403);
  t.is((await server.call('GET', `/api/mcp/connections/${connectionId}/calls?workspace_id=${server.workspaceId}`, { key: narrow.body.secret })).status, 403);
});

const executablePath = '/usr/bin/chromium';
const browserTest = fs.existsSync(executablePath) || process.env.CI ? test.serial : test.skip;

test.serial('a poll still unanswered at the wall limit ends the call as a call timeout, like any other', async (t) => {
  // The server answers polls after 5 s: the first poll is in flight when the 1 s limit passes.
  const { server } = await failingToolServer(t, capturedLogger(), 5_000);
  const id = await deployed(server);
  const calls = await server.call('GET', `/v1/outcomes/${id}/tool-calls`);
  t.is(calls.body.failed_calls, 1);
  t.regex(calls.body.data[0].error, /past the call timeout of 1000 ms/);
  t.true(calls.body.data[0].duration_ms < 4_000, 'the call ends at its limit, not when the late answer comes');
});

browserTest('the operator page shows the active connection with its recent failures, and outcomes with time, crew, brief and score', async (t) => {
  const { server, connectionId } = await failingToolServer(t);
  const id = await deployed(server);
  const admin = await server.call('POST', '/v1/api-keys', { body: { name: 'operator', permissions: ['admin:read', 'integrations:read'] } });
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`${server.url}/admin`);
  await page.fill('input[name=key]', admin.body.secret);
  await page.click('button[type=submit]');

  const connection = `[data-testid=connection][data-id="${connectionId}"]`;
  await page.waitForSelector(`${connection}[data-status=active]`);
  t.is(await page.textContent(`${connection} [data-testid=failure-count]`), '1');
  t.regex((await page.textContent(`${connection} [data-testid=last-failure]`)) ?? '', /search_slow: .*call timeout/);

  const row = `[data-testid=outcome][data-id="${id}"]`;
  await page.waitForSelector(row);
  t.regex((await page.textContent(`${row} [data-testid=brief]`)) ?? '', /^Write a short article about composting/);
  t.regex((await page.textContent(`${row} [data-testid=score]`)) ?? '', /^\d+$/);
  t.not(await page.textContent(`${row} [data-testid=time]`), '-');
  t.regex((await page.textContent(row)) ?? '', /writer/);
});
