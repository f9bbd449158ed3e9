import path from 'node:path';
import test from 'ava';
import { builtInPlugins } from '../../plugins/index.js';
import { examplePlugin } from '../../plugins/example/index.js';
import { writer } from '../../crews/writer.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlpReceiver.js';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';
import { capturedLogger } from '../helpers/capturedLogger.js';
import { freePort } from '../helpers/processes.js';
import { until } from '../helpers/until.js';
import { startReceiver } from '../helpers/webhookReceiver.js';
import { waitForOutcome } from './outcomesHelpers.js';

const fixture = path.resolve(import.meta.dirname, 'mcpTasksServer.ts');
const secret = 'whsec_tracing_e2e_0123456789';
const brief = 'Write a short article about composting in small city apartments.';

/** A server exporting to `otlp` every 50 ms, with the example plugin and stdio MCP servers allowed. */
async function tracedServer(t: { teardown(fn: () => Promise<void>): void }, otlp: OtlpReceiver, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer(
    { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '50', CREWD_MCP_STDIO_ALLOW: process.execPath, CREWD_WEBHOOK_RETRY_DELAYS_MS: '0,100,100', ...env },
    { tools: { retry: { retries: 0, minTimeoutMs: 10 }, plugins: [...builtInPlugins(), examplePlugin] } },
  );
  t.teardown(() => server.close());
  return server;
}

const ofOutcome = (spans: ReceivedSpan[], outcomeId: string) => spans.filter((span) => span.attributes['crewd.outcome.id'] === outcomeId);

test.serial('with an OTLP endpoint, one deploy is one trace: its stages, model calls, tool calls and webhook attempts, named per the GenAI conventions', async (t) => {
  const otlp = await startOtlpReceiver();
  t.teardown(() => otlp.close());
  const hooks = await startReceiver({ secret, plan: [500], otherwise: 200 });
  t.teardown(() => hooks.close());
  const server = await tracedServer(t, otlp);
  t.truthy(server.runtime.tracing.active);

  // An MCP tool the research agent calls, a plugin integration flag, and a webhook that fails once.
  const connected = await server.call('POST', `/api/mcp/connect?workspace_id=${server.workspaceId}`, {
    body: { server_type: 'custom', server_name: 'slow', params: { command: process.execPath, args: ['--import', 'tsx', fixture, path.join(tempDir(), 'journal.jsonl'), '50'] } },
  });
  t.is(connected.status, 201, JSON.stringify(connected.body));
  t.is((await server.call('POST', '/v1/integrations/example/configure', { body: { settings: {} } })).status, 200);
  t.is((await server.call('POST', '/v1/webhooks', { body: { url: `${hooks.url}/hook?token=s3cret`, secret, events: ['outcome.completed'] } })).status, 201);

  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief, integrations: { shout_outcome: true } } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const id = deployed.body.outcome_id as string;
  t.is((await waitForOutcome(server, id)).status, 'completed');
  await hooks.waitFor(2);
  // Both webhook attempts were exported (the second after its 100 ms retry delay).
  await until(() => ofOutcome(otlp.spans, id).filter((span) => span.name === 'POST').length >= 2, 'two webhook attempt spans');
  const spans = ofOutcome(otlp.spans, id);

  const deploy = spans.find((span) => span.name === 'deploy writer');
  t.truthy(deploy, 'a deploy span');
  t.is(deploy!.parentSpanId, '', 'a deploy without traceparent starts a new trace');
  t.is(deploy!.resource['service.name'], 'crewd');
  const trace = otlp.spans.filter((span) => span.traceId === deploy!.traceId);
  t.deepEqual(new Set(spans.map((span) => span.traceId)), new Set([deploy!.traceId]), 'every span of the outcome is in its one trace');

  // One invoke_agent span per stage, children of the deploy span.
  const stages = trace.filter((span) => span.attributes['gen_ai.operation.name'] === 'invoke_agent');
  t.deepEqual(stages.map((span) => span.name).sort(), writer.stages.map((stage) => `invoke_agent ${stage.agent}`).sort());
  for (const stage of stages) {
    t.is(stage.parentSpanId, deploy!.spanId);
    t.is(stage.kind, 1);
    t.is(stage.status.code, 1);
    t.is(stage.attributes['gen_ai.agent.id'], `writer.${stage.attributes['gen_ai.agent.name']}`);
    t.is(stage.attributes['gen_ai.conversation.id'], id);
  }
  const stageIds = new Set(stages.map((span) => span.spanId));

  // Model calls: `chat <model>` client spans under a stage.
  const chats = trace.filter((span) => span.attributes['gen_ai.operation.name'] === 'chat');
  t.true(chats.length >= stages.length, 'a model call per stage at least');
  for (const chat of chats) {
    t.is(chat.name, `chat ${chat.attributes['gen_ai.request.model']}`);
    t.is(chat.kind, 3);
    t.true(stageIds.has(chat.parentSpanId));
  }
  t.true(chats.some((chat) => (chat.attributes['gen_ai.response.finish_reasons'] as string[])[0] === 'tool_calls'), 'the step that asked for the tool');

  // The MCP tool call and the integration flag: execute_tool spans under a stage.
  const mcp = trace.find((span) => span.name === 'execute_tool slow__search_slow');
  t.truthy(mcp, 'the MCP tool call span');
  t.like(mcp!.attributes, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'slow__search_slow', 'gen_ai.agent.name': 'ResearchAgent' });
  t.truthy(mcp!.attributes['gen_ai.tool.call.id']);
  t.true(stageIds.has(mcp!.parentSpanId));
  const research = stages.find((span) => span.spanId === mcp!.parentSpanId);
  t.is(research!.attributes['gen_ai.agent.name'], 'ResearchAgent');
  const integration = trace.find((span) => span.name === 'execute_tool example');
  t.truthy(integration, 'the integration flag span');
  t.like(integration!.attributes, { 'gen_ai.tool.name': 'example', 'gen_ai.tool.call.id': `${id}:publishing:1:example` });
  t.is(integration!.status.code, 0);
  t.true(stageIds.has(integration!.parentSpanId));

  // Webhook attempts: HTTP client spans, the failed one with ERROR; the URL's query redacted.
  const attempts = trace.filter((span) => span.name === 'POST');
  t.deepEqual(attempts.map((span) => span.attributes['http.response.status_code']).sort(), [200, 500]);
  for (const attempt of attempts) {
    t.is(attempt.kind, 3);
    t.is(attempt.attributes['http.request.method'], 'POST');
    t.is(attempt.attributes['url.full'], `${hooks.url}/hook?token=REDACTED`);
    t.is(attempt.status.code, attempt.attributes['http.response.status_code'] === 200 ? 1 : 2);
  }
  t.is(attempts.find((span) => span.status.code === 2)!.attributes['error.type'], '500');
  // The receiver was told the trace: its requests carry a traceparent in the outcome's trace.
  for (const arrival of hooks.arrivals) t.regex(String(arrival.headers.traceparent), new RegExp(`^00-${deploy!.traceId}-[0-9a-f]{16}-01$`));
  t.true(hooks.arrivals.every((arrival) => arrival.verified), 'the signed body is unchanged');
});

test.serial('a deploy, a run and a batch with a traceparent header join the caller\'s trace', async (t) => {
  const otlp = await startOtlpReceiver();
  t.teardown(() => otlp.close());
  const server = await tracedServer(t, otlp);
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const parent = '00f067aa0ba902b7';
  const headers = { traceparent: `00-${traceId}-${parent}-01` };

  const deployed = await server.call('POST', '/v1/crews/mind/deploy', { body: { brief: 'Summarise the planning meeting for the ops team.' }, headers });
  const ran = await server.call('POST', '/v1/crews/pilot/run', { body: { brief: 'Plan offline mode for the field app.' }, headers });
  const batch = await server.call('POST', '/v1/crews/batch-deploy', { body: { workflow_name: 'traced', crews: [{ crew_id: 'writer', brief }, { crew_id: 'mind', brief: 'Summarise the retro.' }] }, headers });
  t.is(deployed.status, 201);
  t.is(ran.status, 201);
  t.is(batch.status, 201, JSON.stringify(batch.body));
  const ids = [deployed.body.outcome_id, ran.body.outcome_id, ...batch.body.outcomes.map((entry: { outcome_id: string }) => entry.outcome_id)] as string[];
  for (const id of ids) await waitForOutcome(server, id);
  await until(() => ids.every((id) => ofOutcome(otlp.spans, id).filter((span) => span.attributes['gen_ai.operation.name'] === 'invoke_agent' && span.status.code === 1).length > 0 && ofOutcome(otlp.spans, id).some((span) => span.name.startsWith('deploy '))), 'spans of every outcome');

  for (const id of ids) {
    const spans = ofOutcome(otlp.spans, id);
    const deploy = spans.find((span) => span.name.startsWith('deploy '))!;
    t.is(deploy.traceId, traceId, `${id}: the deploy span is in the caller's trace`);
    t.is(deploy.parentSpanId, parent, `${id}: a child of the caller's span`);
    t.deepEqual(new Set(spans.map((span) => span.traceId)), new Set([traceId]), `${id}: its stages too`);
  }

  // A malformed header starts a new trace instead of failing the deploy.
  const bad = await server.call('POST', '/v1/crews/mind/deploy', { body: { brief: 'Summarise the standup.' }, headers: { traceparent: 'not-a-trace' } });
  t.is(bad.status, 201);
  const deploy = await until(() => ofOutcome(otlp.spans, bad.body.outcome_id).find((span) => span.name === 'deploy mind'), 'the deploy span');
  t.not(deploy.traceId, traceId);
  t.is(deploy.parentSpanId, '');
});

test.serial('without an OTLP endpoint no tracer or exporter exists and an outcome carries no trace', async (t) => {
  // Everything but the endpoint: the service name and batch delay alone turn nothing on.
  const server = await startServer({ OTEL_SERVICE_NAME: 'crewd-off', OTEL_BSP_SCHEDULE_DELAY: '10' });
  t.teardown(() => server.close());
  t.is(server.runtime.config.tracing, undefined);
  t.is(server.runtime.tracing.active, undefined);
  const deployed = await server.call('POST', '/v1/crews/mind/deploy', { body: { brief: 'Summarise the planning meeting for the ops team.' }, headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
  t.is(deployed.status, 201);
  t.is((await waitForOutcome(server, deployed.body.outcome_id)).status, 'completed');
  // The outcome's stored context carries no trace.
  const row = await server.runtime.repos.actors.get(deployed.body.outcome_id);
  t.is((row!.snapshot as { context: { traceparent?: string } }).context.traceparent, undefined);
});

test.serial('integration flags held for approval run after the stages as execute_tool spans in the outcome\'s trace', async (t) => {
  const otlp = await startOtlpReceiver();
  t.teardown(() => otlp.close());
  const server = await tracedServer(t, otlp);
  t.is((await server.call('POST', '/v1/integrations/example/configure', { body: { settings: {} } })).status, 200);
  const deployed = await server.call('POST', '/v1/crews/writer/deploy', { body: { brief, integrations: { shout_outcome: true }, approvals: { before_integrations: true } } });
  t.is(deployed.status, 201, JSON.stringify(deployed.body));
  const id = deployed.body.outcome_id as string;
  const waiting = await waitForOutcome(server, id, (body) => Boolean(body.pending_action));
  t.is(ofOutcome(otlp.spans, id).filter((span) => span.name === 'execute_tool example').length, 0, 'nothing ran before the approval');
  const decided = await server.call('POST', `/v1/outcomes/${id}/actions/${waiting.pending_action.id}`, { body: { decision: 'approve' } });
  t.is(decided.status, 200, JSON.stringify(decided.body));
  t.is((await waitForOutcome(server, id)).status, 'completed');

  const integration = await until(() => ofOutcome(otlp.spans, id).find((span) => span.name === 'execute_tool example'), 'the integration span');
  const deploy = ofOutcome(otlp.spans, id).find((span) => span.name === 'deploy writer')!;
  t.is(integration.traceId, deploy.traceId);
  t.is(integration.parentSpanId, deploy.spanId, 'outside any stage: a child of the outcome\'s deploy span');
  t.is(integration.attributes['gen_ai.tool.call.id'], `${id}:publishing:1:example`);
});

test.serial('a collector that does not answer is reported in the log, and outcomes run on', async (t) => {
  const captured = capturedLogger();
  const server = await startServer({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://user:pw@127.0.0.1:${await freePort()}`, OTEL_BSP_SCHEDULE_DELAY: '20', OTEL_EXPORTER_OTLP_TIMEOUT: '500' }, { logger: captured.logger });
  t.teardown(() => server.close());
  const deployed = await server.call('POST', '/v1/crews/mind/deploy', { body: { brief: 'Summarise the planning meeting for the ops team.' } });
  t.is(deployed.status, 201);
  t.is((await waitForOutcome(server, deployed.body.outcome_id)).status, 'completed');
  const line = await until(() => captured.lines.find((entry) => entry.msg === 'trace export failed; these spans are dropped'), 'the export failure in the log');
  t.is(line.level, 40);
  t.true((line.spans as number) > 0);
  t.regex(String(line.url), /^http:\/\/127\.0\.0\.1:\d+\/v1\/traces$/, 'the collector URL without its credentials');
});
