import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import test from 'ava';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';
import { waitForOutcome } from './outcomesHelpers.js';
import { until } from '../helpers/until.js';

const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const fixture = path.resolve(import.meta.dirname, 'mcpTasksServer.ts');
const brief = 'Write a short article about composting in small city apartments.';

async function connect(server: TestServer, name: string, args: string[]) {
  const answer = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: name, params: { command: process.execPath, args } } });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.connection_id as string;
}

async function deploy(server: TestServer): Promise<string> {
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief } });
  if (deployed.status !== 201) throw new Error(JSON.stringify(deployed.body));
  return deployed.body.outcome_id;
}

function journalOf(file: string): Array<{ event: string; taskId: string; tool?: string }> {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
}

test.serial("server-everything's task tool (taskSupport required) answers the research agent through an MCP task", async (t) => {
  const server = await startServer({ CREWD_MCP_STDIO_ALLOW: process.execPath });
  t.teardown(() => server.close());
  await connect(server, 'everything', [everything, 'stdio']);

  const id = await deploy(server);
  const done = await waitForOutcome(server, id);
  t.is(done.status, 'completed', JSON.stringify(done.error));

  const calls = await server.call('GET', `/v1/outcomes/${id}/tool-calls`);
  t.is(calls.status, 200);
  const research = calls.body.data.find((call: { tool: string }) => call.tool === 'simulate-research-query');
  t.truthy(research, JSON.stringify(calls.body));
  // Four stages of a second each: the task outlived several of its 1 s polls.
  t.like(research, { success: true, error: null, agent: 'ResearchAgent' });
  t.regex(research.output, /Research Report/);
  t.true(research.duration_ms >= 1_000);
  t.is(calls.body.failed_calls, 0);
});

test.serial('a required task that takes several polls completes; one past the call timeout is cancelled on the server and logged as a timeout', async (t) => {
  const journal = path.join(tempDir(), 'journal.jsonl');
  const server = await startServer({ CREWD_MCP_STDIO_ALLOW: process.execPath, CREWD_MCP_CALL_TIMEOUT_MS: '3000', CREWD_TOOL_CALL_TIMEOUT_MS: '3000' });
  t.teardown(() => server.close());
  // The fixture's task works 700 ms by default at a 100 ms poll interval.
  await connect(server, 'slow', ['--import', 'tsx', fixture, journal]);

  const quick = await deploy(server);
  t.is((await waitForOutcome(server, quick)).status, 'completed');
  const calls = await server.call('GET', `/v1/outcomes/${quick}/tool-calls`);
  t.like(calls.body.data[0], { tool: 'search_slow', success: true, error: null, step: 0 });
  t.regex(calls.body.data[0].output, /search_slow found 3 facts about/);
  t.true(journalOf(journal).some((entry) => entry.event === 'completed'));

  // The same tool with a task longer than the 3 s wall limit (a task is bounded by CREWD_TOOL_CALL_TIMEOUT_MS).
  const slow = await server.call('DELETE', `/api/mcp/disconnect/${calls.body.data[0].connection_id}?workspace_id=${server.workspaceId}`);
  t.is(slow.status, 200);
  await connect(server, 'slower', ['--import', 'tsx', fixture, journal, '60000']);
  const late = await deploy(server);
  const finished = await waitForOutcome(server, late);
  t.is(finished.status, 'completed');
  const lateCalls = await server.call('GET', `/v1/outcomes/${late}/tool-calls`);
  t.like(lateCalls.body.data[0], { tool: 'search_slow', success: false });
  t.regex(lateCalls.body.data[0].error, /call timeout/);
  const created = journalOf(journal).filter((entry) => entry.event === 'created').at(-1)!;
  await until(() => journalOf(journal).find((entry) => entry.event === 'cancelled' && entry.taskId === created.taskId), 'the task cancelled');
  t.pass();
});

test.serial('cancelling the outcome cancels its running tool task on the server', async (t) => {
  const journal = path.join(tempDir(), 'journal.jsonl');
  const server = await startServer({ CREWD_MCP_STDIO_ALLOW: process.execPath });
  t.teardown(() => server.close());
  await connect(server, 'slow', ['--import', 'tsx', fixture, journal, '60000']);
  const id = await deploy(server);
  const created = await until(() => journalOf(journal).find((entry) => entry.event === 'created'), 'a task created');
  const cancelled = await server.call('POST', `/v1/outcomes/${id}/cancel`);
  t.is(cancelled.status, 200, JSON.stringify(cancelled.body));
  await until(() => journalOf(journal).find((entry) => entry.event === 'cancelled' && entry.taskId === created.taskId), 'the task cancelled');
  t.like(await waitForOutcome(server, id), { status: 'failed', error: { code: 'cancelled' } });
});

test.serial('a cancel that lands while the server is still creating the tool task cancels that task on the server', async (t) => {
  const journal = path.join(tempDir(), 'journal.jsonl');
  const server = await startServer({ CREWD_MCP_STDIO_ALLOW: process.execPath });
  t.teardown(() => server.close());
  // The server answers the creating call 1.5 s after it created the task: the cancel lands in between.
  await connect(server, 'slow', ['--import', 'tsx', fixture, journal, '60000', '1500']);
  const id = await deploy(server);
  const created = await until(() => journalOf(journal).find((entry) => entry.event === 'created'), 'a task created');
  const cancelled = await server.call('POST', `/v1/outcomes/${id}/cancel`);
  t.is(cancelled.status, 200, JSON.stringify(cancelled.body));
  await until(() => journalOf(journal).find((entry) => entry.event === 'cancelled' && entry.taskId === created.taskId), 'the task cancelled', 30_000);
  t.like(await waitForOutcome(server, id), { status: 'failed', error: { code: 'cancelled' } });
});
