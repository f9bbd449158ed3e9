import test from 'ava';
import { crews } from '../../../runtime/crews/index.js';
import { createOpenAIProvider } from '../../../runtime/models/openai.js';
import type { StageInput } from '../../../runtime/models/types.js';
import { runAgentLoop } from '../../../runtime/tools/agentLoop.js';
import { startServer } from '../../helpers/server.js';
import { completion, startChatServer } from '../models/chatServer.js';
import { startHttpToolServer } from './fixtures/httpToolServer.js';

test('the OpenAI-compatible model asks for a tool call; the agent loop executes and logs it', async (t) => {
  const tools = await startHttpToolServer();
  tools.addTool('lookup');
  const model = await startChatServer((index, body) => {
    if (index === 0) {
      const offered = (body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
      const name = offered.find((candidate) => candidate.endsWith('lookup'))!;
      return completion({ tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: '{"query":"heat pumps"}' } }] }, 'tool_calls');
    }
    return completion({ content: 'Heat pumps: 3 facts found.' });
  });
  const server = await startServer();
  t.teardown(async () => {
    await server.close();
    await model.close();
    await tools.close();
  });
  const connect = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, { body: { server_type: 'custom', server_name: 'facts', params: { url: tools.url } } });
  t.is(connect.status, 201);

  const crew = crews.writer;
  const stage: StageInput = { crew, stage: crew.stages[0]!, stageIndex: 0, brief: 'Explain heat pumps to homeowners', requirements: {}, contextDocuments: [], knowledge: [], previous: [] };
  const provider = createOpenAIProvider({ baseURL: model.baseURL, model: 'test-model' });
  const { output, exchanges } = await runAgentLoop({ provider, tools: server.runtime.tools.service, workspaceId: server.workspaceId, outcomeId: 'out_loop', agentName: 'ResearchAgent', stage, signal: new AbortController().signal });

  t.regex(output.content, /Heat pumps/);
  t.is(exchanges.length, 1);
  t.is(exchanges[0]!.result.content, 'lookup found 3 facts about heat pumps');
  // The tool result went back to the model on the second request.
  t.true(JSON.stringify(model.requests[1]).includes('lookup found 3 facts about heat pumps'));
  const [logged] = await server.runtime.repos.toolCalls.list(server.workspaceId, { outcomeId: 'out_loop' });
  t.like(logged, { tool_name: 'lookup', model_tool_name: 'facts__lookup', agent_name: 'ResearchAgent', outcome_id: 'out_loop', success: true });
  t.deepEqual(JSON.parse(logged!.input), { query: 'heat pumps' });
});
