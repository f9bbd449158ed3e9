import test from 'ava';
import { startServer } from '../helpers/server.js';
import { completion, startChatServer } from '../models/chatServer.js';
import { startHttpToolServer } from '../runtime/tools/fixtures/httpToolServer.js';
import { waitForOutcome } from './outcomesHelpers.js';

/**
 * What the deleted test-only agent loop (runtime/tools/agentLoop.ts, issue 28) asserted, now on the
 * engine's real path: a deployed outcome's OpenAI-compatible model asks for a tool of a connected
 * MCP server; the engine calls it through the tool service, logs the call with the agent and the
 * outcome, and hands the tool's answer back to the model.
 */
test('the OpenAI-compatible model asks for an MCP tool; the engine executes it, logs it and returns its answer to the model', async (t) => {
  const tools = await startHttpToolServer();
  tools.addTool('lookup');
  const model = await startChatServer((_index, body) => {
    const messages = body.messages as Array<{ role: string; content?: string | null }>;
    const offered = ((body.tools ?? []) as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
    const name = offered.find((candidate) => candidate.endsWith('lookup'));
    const research = /research/i.test(messages[0]?.content ?? '');
    if (research && name && !messages.some((message) => message.role === 'tool')) {
      return completion({ tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: '{"query":"heat pumps"}' } }] }, 'tool_calls');
    }
    return completion({ content: 'Heat pumps: 3 facts found. It is thorough and clear.' });
  });
  const server = await startServer({ CREWD_MODEL: 'openai', OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'sk-test', CREWD_MODEL_NAME: 'test-model' });
  t.teardown(async () => {
    await server.close();
    await model.close();
    await tools.close();
  });
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'facts', params: { url: tools.url } } });
  t.is(connect.status, 201);

  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Explain heat pumps to homeowners' } });
  t.is(deployed.status, 201);
  const outcomeId = deployed.body.outcome_id as string;
  const done = await waitForOutcome(server, outcomeId);
  t.is(done.status, 'completed');
  t.regex(done.result.content, /Heat pumps/);

  // The tool result went back to the model on the research stage's next request.
  const answered = model.requests.find((request) => JSON.stringify(request).includes('lookup found 3 facts about heat pumps'));
  t.truthy(answered, 'the tool answer reached the model');
  const [logged] = await server.runtime.repos.toolCalls.list(server.workspaceId, { outcomeId });
  t.like(logged, { tool_name: 'lookup', model_tool_name: 'facts__lookup', agent_name: 'ResearchAgent', outcome_id: outcomeId, success: true });
  t.deepEqual(JSON.parse(logged!.input), { query: 'heat pumps' });
});
