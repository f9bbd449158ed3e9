import fs from 'node:fs';
import test from 'ava';
import { writer } from '../../crews/writer.js';
import { startOtlpReceiver, type ReceivedSpan } from '../helpers/otlpReceiver.js';
import { keyedCall, serveProcess, stopProcess } from '../helpers/processes.js';
import { tempDir } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const key = 'crew_sk_tracingcrash0123456789ab';
const call = keyedCall(key);
const brief = 'Write a short article about composting in small city apartments.';

const ofOutcome = (spans: ReceivedSpan[], outcomeId: string) => spans.filter((span) => span.attributes['crewd.outcome.id'] === outcomeId);
const stagesOf = (spans: ReceivedSpan[]) => spans.filter((span) => span.attributes['gen_ai.operation.name'] === 'invoke_agent');

test.serial('after kill -9 mid-outcome, the restarted process continues the outcome\'s trace: one trace id across both processes', async (t) => {
  const otlp = await startOtlpReceiver();
  const dataDir = tempDir('crewd-trace-crash-');
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, CREWD_LOCAL_MODEL_DELAY_MS: '300', OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '20' };
  let { child, url } = await serveProcess(env);
  t.teardown(async () => {
    child.kill('SIGKILL');
    await otlp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const deployed = await call(url, 'POST', '/v1/crews/writer/run', { brief });
  t.is(deployed.status, 201);
  const id = deployed.body.outcome_id as string;
  // The first stage finished and its span reached the receiver: the first process exported part of the trace.
  await until(() => stagesOf(ofOutcome(otlp.spans, id)).some((span) => span.status.code === 1), 'a finished stage span from the first process');
  await stopProcess(child, 'SIGKILL');
  const before = ofOutcome(otlp.spans, id);
  const firstInstance = before[0]!.resource['service.instance.id'];
  t.is(stagesOf(before).filter((span) => span.status.code === 1).length < writer.stages.length, true, 'the outcome was mid-run when the process died');

  ({ child, url } = await serveProcess(env));
  await until(async () => {
    const view = await call(url, 'GET', `/v1/outcomes/${id}`);
    if (view.body.status === 'failed') throw new Error(JSON.stringify(view.body.error));
    return view.body.status === 'completed';
  }, `${id} completed`, 180_000);
  const last = `invoke_agent ${writer.stages.at(-1)!.agent}`;
  await until(() => ofOutcome(otlp.spans, id).some((span) => span.name === last && span.status.code === 1), 'the last stage span from the second process');

  const spans = ofOutcome(otlp.spans, id);
  const deploy = spans.find((span) => span.name === 'deploy writer')!;
  t.is(deploy.resource['service.instance.id'], firstInstance);
  const after = spans.filter((span) => span.resource['service.instance.id'] !== firstInstance);
  t.true(after.length > 0, 'the second process exported spans of the outcome');
  t.deepEqual(new Set(spans.map((span) => span.traceId)), new Set([deploy.traceId]), 'one trace id across both processes');
  // The resumed stages are children of the deploy span made by the first process.
  for (const stage of stagesOf(after)) t.is(stage.parentSpanId, deploy.spanId);
  t.is(after.find((span) => span.name === last)!.status.code, 1);
});

test.serial('a graceful SIGTERM sends the spans still batched before the process exits', async (t) => {
  const otlp = await startOtlpReceiver();
  const dataDir = tempDir('crewd-trace-term-');
  // A batch delay far longer than the test: only the shutdown's flush can send these spans.
  const env = { CREWD_DATA_DIR: dataDir, CREWD_BOOTSTRAP_KEY: key, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${otlp.url}/v1/traces`, OTEL_BSP_SCHEDULE_DELAY: '600000', OTEL_SERVICE_NAME: 'crewd-term' };
  const { child, url } = await serveProcess(env);
  t.teardown(async () => {
    child.kill('SIGKILL');
    await otlp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const deployed = await call(url, 'POST', '/v1/crews/mind/run', { brief: 'Summarise the planning meeting for the ops team.' });
  t.is(deployed.status, 201);
  const id = deployed.body.outcome_id as string;
  await until(async () => (await call(url, 'GET', `/v1/outcomes/${id}`)).body.status === 'completed', `${id} completed`, 120_000);
  t.deepEqual(otlp.requests, [], 'nothing sent before the shutdown');

  await stopProcess(child, 'SIGTERM');
  t.is(child.exitCode, 0);
  const spans = ofOutcome(otlp.spans, id);
  t.truthy(spans.find((span) => span.name === 'deploy mind'));
  t.true(stagesOf(spans).length > 0);
  t.true(spans.every((span) => span.resource['service.name'] === 'crewd-term'));
  t.deepEqual(otlp.requests.map((request) => request.contentType), otlp.requests.map(() => 'application/json'));
});
