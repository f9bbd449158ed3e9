import test, { type ExecutionContext } from 'ava';
import { startServer } from '../../helpers/server.js';
import { startProgressToolServer } from './fixtures/progressToolServer.js';

const context = { agentName: 'ResearchAgent', outcomeId: 'out_long' };

/**
 * crewd with a silence timeout (1.5 s) and a wall limit (6 s), connected to a server with a long tool.
 * The tool reports progress every 100 ms: a loaded machine (CI at load 20) can delay one notice by
 * several hundred ms, so the silence timeout is 15 intervals, not 4.
 */
async function connected(t: ExecutionContext, params: Record<string, unknown> = {}) {
  const tools = await startProgressToolServer();
  const server = await startServer({ CREWD_MCP_CALL_TIMEOUT_MS: '1500', CREWD_TOOL_CALL_TIMEOUT_MS: '6000' });
  t.teardown(async () => {
    await server.close();
    await tools.close();
  });
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'long', params: { url: tools.url, ...params } } });
  t.is(connect.status, 201, JSON.stringify(connect.body));
  const call = (args: Record<string, unknown>) => server.runtime.tools.service.call(server.workspaceId, 'long__work', args, context);
  return { tools, server, call };
}

test.serial('a call that reports progress runs past the silence timeout (1.5 s) and succeeds', async (t) => {
  const { call } = await connected(t);
  const started = Date.now();
  const result = await call({ ms: 3200, every: 100, progress: true });
  t.false(result.isError, result.content);
  t.regex(result.content, /^worked \d+ steps$/);
  t.true(Date.now() - started >= 3200);
});

test.serial('a call that stays silent is cut at the silence timeout', async (t) => {
  const { call } = await connected(t);
  const started = Date.now();
  const result = await call({ ms: 6000, every: 100, progress: false });
  t.true(result.isError);
  // A timeout error, not the tool's answer: it did not wait for the tool (no wall-time bound here,
  // which a loaded machine could break; the error itself says the call was cut).
  t.regex(result.content, /tim(ed|e) ?out/i);
});

test.serial('progress does not extend a call past the wall limit (CREWD_TOOL_CALL_TIMEOUT_MS)', async (t) => {
  const { call } = await connected(t);
  const started = Date.now();
  const result = await call({ ms: 12000, every: 100, progress: true });
  const took = Date.now() - started;
  t.true(result.isError);
  t.regex(result.content, /tim(ed|e) ?out/i);
  t.true(took >= 6000, `cut after ${took} ms, not before the wall limit`);
});

test.serial("a connection's params.call_timeout_ms is its own wall limit", async (t) => {
  const { call } = await connected(t, { call_timeout_ms: 2500 });
  const started = Date.now();
  const result = await call({ ms: 8000, every: 100, progress: true });
  const took = Date.now() - started;
  t.true(result.isError);
  t.regex(result.content, /tim(ed|e) ?out/i, 'cut by the limit, not answered by the tool');
  t.true(took >= 2500, `cut after ${took} ms, not before the connection's limit`);
});

test('CREWD_TOOL_CALL_TIMEOUT_MS is checked at start', async (t) => {
  const { loadConfig } = await import('../../../runtime/config.js');
  t.throws(() => loadConfig({ CREWD_TOOL_CALL_TIMEOUT_MS: 'soon' }), { message: /CREWD_TOOL_CALL_TIMEOUT_MS/ });
  t.is(loadConfig({ CREWD_TOOL_CALL_TIMEOUT_MS: '90000' }).toolCallTimeoutMs, 90_000);
});
