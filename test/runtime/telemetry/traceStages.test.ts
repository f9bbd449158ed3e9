import { AsyncLocalStorage } from 'node:async_hooks';
import test from 'ava';
import type { Context } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { AgentStepInput, AgentStepResult, AgentToolsInput } from '../../../machines/agent.js';
import { traceStages, type StageSteps } from '../../../runtime/telemetry/traceStages.js';
import { traceServices } from '../../../runtime/telemetry/traceServices.js';
import type { StageServices } from '../../../runtime/outcomes/stageRunner.js';

const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const view = { workspaceId: 'ws_1', crew: 'writer', stages: [{ name: 'research', agent: 'ResearchAgent' }, { name: 'drafting', agent: 'ContentAgent' }], traceparent };

function tracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, active: { tracer: provider.getTracer('test'), scope: new AsyncLocalStorage<Context>() } };
}

const step = (turn: number, stageIndex = 0, attempt = 1): AgentStepInput => ({ outcomeId: 'out_1', stepKey: String(stageIndex), stageIndex, attempt, turn, exchanges: [] });
const tools = (turn: number): AgentToolsInput => ({ outcomeId: 'out_1', stepKey: '0', attempt: 1, agent: 'ResearchAgent', turn, calls: [{ id: 'call_1', name: 'search', arguments: {} }] });

test('a stage that loops through a tool call is one invoke_agent span, ended by its final step, in the outcome\'s trace', async (t) => {
  const { exporter, active } = tracing();
  const answers: AgentStepResult[] = [{ kind: 'tool_calls', calls: [{ id: 'call_1', name: 'search', arguments: {} }] }, { kind: 'final', summary: 'done', at: 'now' }];
  const failing: StageServices = { callTool: async () => ({ content: 'no such page', isError: true }) };
  const services = traceServices(failing, active);
  const runner: StageSteps = {
    modelStep: async () => answers.shift()!,
    callTools: async (input, signal) => [{ call: input.calls[0]!, result: await services.callTool!('ws_1', input.calls[0]!, signal), turn: input.turn }],
    forget: () => {},
  };
  const traced = traceStages(runner, active, { outcomeOf: () => view, model: { provider: 'local', name: 'local' } });
  const signal = new AbortController().signal;
  await traced.modelStep(step(0), signal);
  t.is(exporter.getFinishedSpans().length, 0, 'the stage is still open while its tool runs');
  await traced.callTools(tools(0), signal);
  await traced.modelStep(step(1), signal);

  const spans = exporter.getFinishedSpans();
  const stage = spans.find((span) => span.name === 'invoke_agent ResearchAgent')!;
  const tool = spans.find((span) => span.name === 'execute_tool search')!;
  t.is(spans.length, 2);
  t.is(stage.spanContext().traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
  t.is(stage.parentSpanContext?.spanId, '00f067aa0ba902b7');
  t.like(stage.attributes, { 'gen_ai.agent.name': 'ResearchAgent', 'gen_ai.agent.id': 'writer.ResearchAgent', 'crewd.stage': 'research', 'crewd.outcome.id': 'out_1' });
  t.is(stage.status.code, 1);
  t.is(tool.parentSpanContext?.spanId, stage.spanContext().spanId, 'the tool call is the stage\'s child');
  t.is(tool.status.code, 2, 'a tool\'s own failure is an error');
  t.is(tool.attributes['error.type'], 'tool_error');
});

test('a failed stage ends with ERROR and its code; an outcome forgotten mid-stage ends its open span', async (t) => {
  const { exporter, active } = tracing();
  const answers: AgentStepResult[] = [
    { kind: 'failed', error: { code: 'content_generation_failed', message: 'The model step failed.', retryCount: 3, lastError: '503' }, at: 'now' },
    { kind: 'tool_calls', calls: [] },
  ];
  const forgotten: string[] = [];
  const runner: StageSteps = { modelStep: async () => answers.shift()!, callTools: async () => [], forget: (id) => forgotten.push(id) };
  const traced = traceStages(runner, active, { outcomeOf: () => view, model: { provider: 'local', name: 'local' } });
  const signal = new AbortController().signal;
  await traced.modelStep(step(0), signal);
  await traced.modelStep(step(0, 1, 2), signal);
  traced.forget('out_1');

  const [failed, open] = exporter.getFinishedSpans();
  t.is(failed!.name, 'invoke_agent ResearchAgent');
  t.is(failed!.status.code, 2);
  t.is(failed!.attributes['error.type'], 'content_generation_failed');
  t.is(open!.name, 'invoke_agent ContentAgent');
  t.is(open!.attributes['crewd.attempt'], 2);
  t.deepEqual(forgotten, ['out_1'], 'the runner still forgets the outcome');
});

test('with tracing off the runner and services are handed back unchanged', (t) => {
  const runner: StageSteps = { modelStep: async () => ({ kind: 'tool_calls', calls: [] }), callTools: async () => [], forget: () => {} };
  t.is(traceStages(runner, undefined, { outcomeOf: () => view, model: { provider: 'local', name: 'local' } }), runner);
  const services = { callTool: async () => ({ content: '', isError: false }) };
  t.is(traceServices(services, undefined), services);
});
