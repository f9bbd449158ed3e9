import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.js';
import { eventsOf, waitForOutcome } from './outcomesHelpers.js';

interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content?: string | null; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { name: string } }> }>;
}

/**
 * A local server speaking the Chat Completions wire format. The first step of the research stage
 * asks for a tool; once the tool's answer comes back it writes a final answer that quotes the brief.
 * A brief with "explode" gets 503s.
 */
function chatServer() {
  const seen: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as ChatRequest;
      seen.push(body);
      const text = body.messages.map((m) => m.content ?? '').join('\n');
      if (text.includes('explode')) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
        return;
      }
      const toolAnswered = body.messages.some((m) => m.role === 'tool');
      const wantsTool = /research/i.test(body.messages[0]?.content ?? '') && !toolAnswered;
      const brief = /## Brief\n(.+)/.exec(text)?.[1] ?? "the brief";
      const message = wantsTool
        ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search_notes', arguments: '{"query":"sources"}' } }] }
        : { role: 'assistant', content: `# Notes\n\nThis stage worked on: ${brief}. It is thorough and clear.` };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: body.model, choices: [{ index: 0, message, finish_reason: wantsTool ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
    });
  });
  return { server, seen };
}

let crewd: TestServer;
let chat: ReturnType<typeof chatServer>;

test.before(async () => {
  chat = chatServer();
  await new Promise<void>((resolve) => chat.server.listen(0, '127.0.0.1', resolve));
  const { port } = chat.server.address() as AddressInfo;
  crewd = await startServer({ CREWD_MODEL: 'openai', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: 'sk-test', CREWD_MODEL_NAME: 'test-model' });
});
test.after.always(async () => {
  await crewd?.close();
  chat?.server.close();
});

test('the openai provider runs every stage through a Chat Completions server, tool calls included', async (t) => {
  const deployed = await crewd.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write about lighthouse keepers of the northern coast' } });
  t.is(deployed.status, 201);
  const done = await waitForOutcome(crewd, deployed.body.outcome_id);
  t.is(done.status, 'completed');
  t.regex(done.result.content, /lighthouse keepers/);
  t.true(chat.seen.every((request) => request.model === 'test-model'));
  const answered = chat.seen.find((request) => request.messages.some((m) => m.role === 'tool'));
  t.truthy(answered, 'the tool call went through the agent loop and its result came back to the model');
  const toolMessage = answered!.messages.find((m) => m.role === 'tool')!;
  t.is(toolMessage.tool_call_id, 'call_1');
  t.regex(String(toolMessage.content), /search_notes/);
  t.is((await eventsOf(crewd, deployed.body.outcome_id)).filter((e) => e.kind === 'outcome.completed').length, 1);
});

test('a model that keeps answering 503 fails the outcome with content_generation_failed after its retries', async (t) => {
  const deployed = await crewd.call('POST', '/v1/crews/mind/deploy', { body: { brief: 'Please explode on every request' } });
  const failed = await waitForOutcome(crewd, deployed.body.outcome_id);
  t.is(failed.status, 'failed');
  t.is(failed.error.code, 'content_generation_failed');
  t.is(failed.error.details.stage, 'analysis');
  t.is(failed.error.details.agent, 'AnalystAgent');
  t.is(failed.error.details.retry_count, 3);
  t.regex(failed.error.details.last_error, /503|overloaded/);
});
