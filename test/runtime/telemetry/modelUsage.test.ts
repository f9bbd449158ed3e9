import test from 'ava';
import { writer } from '../../../crews/writer.js';
import { waitForOutcome } from '../../e2e/outcomesHelpers.js';
import { startOtlpReceiver } from '../../helpers/otlpReceiver.js';
import { startServer } from '../../helpers/server.js';
import { until } from '../../helpers/until.js';
import { completion, startChatServer, type Reply } from '../../models/chatServer.js';

/** A Chat Completions answer reporting `usage` the way OpenAI does. */
function withUsage(reply: Reply, promptTokens: number, completionTokens: number): Reply {
  const body = reply.body as Record<string, unknown>;
  return { ...reply, body: { ...body, usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } } };
}

test("a traced deploy on the openai model records the answer's token usage on each chat span", async (t) => {
  const otlp = await startOtlpReceiver();
  t.teardown(() => otlp.close());
  // Stage calls report 400 + n prompt and 30 + n completion tokens (n: the request's index); the
  // rubric scoring call of the last stage reports its own, which is not the step's.
  const chat = await startChatServer((index, body) => {
    const format = body.response_format as { json_schema?: { name?: string } } | undefined;
    if (format?.json_schema) return withUsage(completion({ content: JSON.stringify({ relevance: 90, clarity: 85, completeness: 90, engagement: 70, rationale: 'ok' }) }), 9, 9);
    return withUsage(completion({ content: `# Composting at home\n\nStage answer ${index}.` }), 400 + index, 30 + index);
  });
  t.teardown(() => chat.close());
  const server = await startServer({ CREWD_MODEL: 'openai', OPENAI_BASE_URL: chat.baseURL, OPENAI_API_KEY: 'sk-test', CREWD_MODEL_NAME: 'test-model', OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '50' });
  t.teardown(() => server.close());

  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief: 'Write a short article about composting in small city apartments.' } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const id = deployed.body.outcome_id as string;
  t.is((await waitForOutcome(server, id)).status, 'completed');

  const chats = await until(() => {
    // The server ran this one outcome: every chat span is one of its steps.
    const spans = otlp.spans.filter((span) => span.attributes['gen_ai.operation.name'] === 'chat');
    return spans.length >= writer.stages.length ? spans : undefined;
  }, 'a chat span per stage exported');
  const stepUsages = new Set(chat.requests.flatMap((request, index) => (request.response_format ? [] : [`${400 + index}/${30 + index}`])));
  t.is(stepUsages.size, writer.stages.length, 'one stage call per stage');
  const recorded = chats.map((span) => `${span.attributes['gen_ai.usage.input_tokens']}/${span.attributes['gen_ai.usage.output_tokens']}`);
  t.deepEqual(new Set(recorded), stepUsages, 'each chat span carries its own call\'s usage');
  t.is(chats[0]!.attributes['gen_ai.request.model'], 'test-model');
});
